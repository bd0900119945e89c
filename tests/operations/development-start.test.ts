// A development start is not a public server: it listens on loopback unless HOST says otherwise,
// says how to run for real, and keeps the demo accounts (public passwords) off servers that other
// machines can reach unless DEMO_ACCOUNTS=true. Real child processes of the production build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/modules/accounts/password.server";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { openPglite } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { LEVEL, logLines } from "../support/log-lines";
import { TEST_SECRETS } from "../support/secrets";

const DEVELOPMENT = { NODE_ENV: "development", PAYMENT_PROVIDER: "test" };
/**
 * Addresses a server on every interface answers at but one on 127.0.0.1 does not: 127.0.0.2 (Linux
 * routes all of 127/8 to loopback, so it exists even in a bare sandbox) and this machine's addresses
 * that other machines would use.
 */
const outward = [
  "127.0.0.2",
  ...Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal && i.family === "IPv4")
    .map((i) => i?.address as string),
];

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A start that is expected to fail before it listens. */
function startFails(env: Record<string, string>) {
  return spawnSync(process.execPath, ["build/server-main.js"], {
    // The keys the earlier starts of startAppProcess used: the database's records were sealed with them.
    env: { PATH: process.env.PATH, PORT: "0", LOG_LEVEL: "silent", ...TEST_SECRETS, ...env },
    encoding: "utf8",
    timeout: 240_000,
  });
}

async function userEmails(dataDir: string): Promise<string[]> {
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    return (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
  } finally {
    await database.close();
  }
}

describe("a development start", () => {
  const running: AppProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((app) => app.stop()));
  });
  const start = async (env: Record<string, string>) => {
    const app = await startAppProcess({ ...DEVELOPMENT, ...env });
    running.push(app);
    return app;
  };
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-dev-"));

  it("listens on loopback only unless HOST is set, and says how to run for real", async () => {
    // HOST="" is unset, as in a shell's `HOST= npm start`.
    const app = await start({ HOST: "", DATA_DIR: seeded });
    const port = Number(new URL(app.url).port);
    expect(await canConnect("127.0.0.1", port)).toBe(true);
    for (const address of outward) expect(await canConnect(address, port), address).toBe(false);
    // The probe itself works here: a server on every interface is reached at each of those addresses.
    const everywhere = net.createServer().listen(0, "0.0.0.0");
    await new Promise((resolve) => everywhere.once("listening", resolve));
    const open = (everywhere.address() as net.AddressInfo).port;
    for (const address of outward) expect(await canConnect(address, open), `${address} (control)`).toBe(true);
    everywhere.close();
    await app.stop();
    const output = app.output();
    expect(output).toContain(`serving on http://localhost:${port} (listening on 127.0.0.1: this machine only)`);
    expect(output).toContain('This is a development server (NODE_ENV is not "production")');
    expect(output).toContain(
      "NODE_ENV=production with SITE_URL, MAIL_FROM, STAFF_EMAIL, AUTH_SECRET and DATA_ENCRYPTION_KEY",
    );
    expect(output).toContain("docs/deployment.md");
    expect(output).toContain('npm run create-admin -- --email <address> --name "<name>"');
    // On loopback the empty database got the demo accounts, printed as the README lists them.
    expect(output).toContain("Demo accounts (development only)");
    expect((await userEmails(seeded)).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
  });

  it("refuses to serve demo accounts with public passwords beyond loopback or in production, unless DEMO_ACCOUNTS=true", async () => {
    const exposed = startFails({ ...DEVELOPMENT, HOST: "0.0.0.0", DATA_DIR: seeded });
    expect(exposed.status).toBe(1);
    expect(exposed.stderr).toContain("Refusing to start: this database holds demo accounts whose passwords are public");
    expect(exposed.stderr).toContain("maya, elena, adrian");
    expect(exposed.stderr).toContain("HOST=0.0.0.0");
    expect(exposed.stderr).toContain("DEMO_ACCOUNTS=true");
    expect(fs.existsSync(path.join(seeded, "app.lock")), "lock released").toBe(false);

    const production = await startAppProcess({ DATA_DIR: seeded }).catch((error: Error) => error.message);
    expect(production).toContain("app exited early (1)");
    // In production the refusal is one fatal JSON line (after the start's info lines).
    const output = String(production);
    const refused = logLines(output.slice(output.indexOf("\n") + 1)).find((l) => l.level === LEVEL.fatal);
    expect(refused?.msg).toContain("With NODE_ENV=production this server is meant to be reachable");

    const wanted = await start({ ...DEVELOPMENT, HOST: "0.0.0.0", DEMO_ACCOUNTS: "true", DATA_DIR: seeded });
    const port = Number(new URL(wanted.url).port);
    for (const address of outward) expect(await canConnect(address, port), address).toBe(true);
    await wanted.stop();
    expect(wanted.output()).toContain("(listening on 0.0.0.0: reachable from other machines)");
    expect(wanted.output()).toContain("Demo accounts (development only)");
  });

  it("serves beyond loopback once the demo accounts' passwords are no longer the public ones", async () => {
    const database = await openPglite(path.join(seeded, "pglite"));
    const demoIds = database.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    await database.db
      .update(accounts)
      .set({ password: await hashPassword("a private passphrase") })
      .where(inArray(accounts.userId, demoIds));
    await database.close();
    const app = await start({ ...DEVELOPMENT, HOST: "0.0.0.0", DATA_DIR: seeded });
    await app.stop();
    expect(app.output()).not.toContain("Demo accounts (development only)");
  });

  it("creates no demo accounts on an empty database when listening beyond loopback", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-dev-"));
    const app = await start({ ...DEVELOPMENT, HOST: "0.0.0.0", DATA_DIR: dataDir });
    await app.stop();
    expect(app.output()).not.toContain("Demo accounts");
    expect(await userEmails(dataDir)).toEqual([]);
  });
});
