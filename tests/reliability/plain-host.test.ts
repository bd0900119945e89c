// docs/deployment.md, "On a plain host", walked as written: its commands (tests/reliability/support/walk.ts
// reads them from the document), its settings file and the systemd unit's own ExecStart, on a copy of
// this checkout with its own node_modules and a scratch PostgreSQL database.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../app/modules/mail/outbox.server";
import { freePort } from "../support/app-process";
import { TEST_SECRETS } from "../support/secrets";
import { startSmtpServer } from "../support/smtp";
import { copyCheckout, shell } from "./support/checkout";
import { createScratchDatabase, openScratch, POSTGRES_URL, type ScratchDatabase } from "./support/env";
import { type Service, startServer } from "./support/service";
import { type Host, onHost, SERVICE_UNIT, serviceCommand, settingsFile, walkBlock } from "./support/walk";

const skipped = POSTGRES_URL ? "" : "set TEST_DATABASE_URL to run on PostgreSQL";
if (skipped) process.stdout.write(`The plain-host walk is skipped: ${skipped}.\n`);

/** The server as systemd starts it: the unit's command, its directory, PORT and nothing else from the environment. */
async function startService(host: Host): Promise<Service> {
  const port = await freePort();
  const unit = serviceCommand(host, port);
  return startServer(unit.command, unit.cwd, { PORT: unit.port }, port);
}

/** Runs a documented block line by line on the host; every line must succeed. */
async function run(block: string[], host: Host, env: Record<string, string> = {}): Promise<string> {
  let printed = "";
  for (const line of block) {
    const result = await shell(onHost(line, host), host.dir, env);
    printed += result.stdout;
    expect(result.status, `${line}\n${result.stdout}${result.stderr}`).toBe(0);
  }
  return printed;
}

const hashedFiles = (html: string) => [
  ...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0])),
];

describe.skipIf(Boolean(skipped))("a plain host, following docs/deployment.md", () => {
  let host: Host;
  let database: ScratchDatabase;
  let target: ScratchDatabase;
  const services: Service[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase();
    target = await createScratchDatabase();
    const dir = copyCheckout({ nodeModules: "none" });
    host = {
      dir,
      envFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sacred-etc-")), "env"),
      databaseUrl: database.url,
    };
    fs.mkdirSync(path.join(dir, "backups"));
  });
  afterAll(async () => {
    for (const service of services) await service.stop();
    await database?.drop();
    await target?.drop();
    if (host) fs.rmSync(host.dir, { recursive: true, force: true });
  });

  it("installs, builds and keeps only the runtime packages; a build without the tools says how to fix it", async () => {
    await run(walkBlock("install"), host);
    const kept = fs.readdirSync(path.join(host.dir, "node_modules"));
    expect(kept).toContain("react-router");
    const tools = [
      "vite",
      "vitest",
      "tsx",
      "typescript",
      "esbuild",
      "@biomejs/biome",
      "@react-router/dev",
      "lighthouse",
    ];
    expect(tools.filter((tool) => fs.existsSync(path.join(host.dir, "node_modules", tool, "package.json")))).toEqual(
      [],
    );

    const builtAt = fs.statSync(path.join(host.dir, "build/server-main.js")).mtimeMs;
    const refused = await shell("NODE_ENV=production npm run build", host.dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("npm run build needs the development packages, and");
    expect(refused.stderr).toContain("npm ci --include=dev");
    expect(fs.statSync(path.join(host.dir, "build/server-main.js")).mtimeMs).toBe(builtAt);
  });

  it("starts from the documented settings file and the unit's own command, and makes the first administrator", async () => {
    const port = await freePort();
    fs.writeFileSync(
      host.envFile,
      settingsFile({
        SITE_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: host.databaseUrl,
        SMTP_URL: null,
        AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
        DATA_ENCRYPTION_KEY: TEST_SECRETS.DATA_ENCRYPTION_KEY,
      }),
      { mode: 0o640 },
    );
    const admin = await run(walkBlock("first-admin"), host);
    expect(admin).toMatch(/\/welcome\/[\w-]+/);

    if (spawnSync("systemd-analyze", ["--version"]).status === 0) {
      const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sacred-unit-")), "sacredpath@3000.service");
      fs.copyFileSync(SERVICE_UNIT, copy);
      const verified = spawnSync("systemd-analyze", ["verify", copy], { encoding: "utf8" });
      expect(verified.status, verified.stderr).toBe(0);
    }

    const service = await startService(host);
    services.push(service);
    expect((await fetch(`${service.url}/`)).status).toBe(200);
    const version = JSON.parse(fs.readFileSync(path.join(host.dir, "package.json"), "utf8")).version;
    expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok", version });
    // Listening where the settings file says (HOST=127.0.0.1), in production, on PostgreSQL.
    expect(service.output()).toContain('"nodeEnv":"production"');
    expect(service.output()).toContain('"host":"127.0.0.1"');
    expect(service.output()).toContain('"database":"postgres"');
  });

  it("backs up, then upgrades in place while the old server keeps serving every file of its pages", async () => {
    const [service] = services;
    if (!service) throw new Error("the service did not start");
    // A mail waiting in the outbox when the backup is taken (no SMTP_URL here). The first
    // administrator's link is waiting too, but a backup never holds a mail that grants access.
    const database = await openScratch(host.databaseUrl);
    await enqueue(database.db, { kind: "test", to: "waiting@example.org", subject: "Waiting at backup", text: "Body" });
    await database.close();
    await run(walkBlock("backup"), host);
    expect(fs.readdirSync(path.join(host.dir, "backups")).filter((f) => f.endsWith(".jsonl.gz"))).toHaveLength(1);

    const oldFiles = hashedFiles(await (await fetch(`${service.url}/`)).text());
    expect(oldFiles.length).toBeGreaterThan(10);
    // What `git pull` brings here: a changed page.
    const home = path.join(host.dir, "app/routes/home.tsx");
    fs.writeFileSync(home, fs.readFileSync(home, "utf8").replace("feel safe and supported", "feel safe, and upgraded"));
    const upgrade = walkBlock("upgrade");
    const byHand = upgrade.filter((line) => line.startsWith("sudo ") || line === "git pull");
    expect(byHand).toEqual([
      "git pull",
      expect.stringMatching(/^sudo systemctl restart sacredpath@3000 && until curl/),
      "sudo systemctl restart sacredpath@3001",
    ]);

    let upgrading = true;
    const lost = new Set<string>();
    const watch = (async () => {
      while (upgrading) {
        for (const file of oldFiles) {
          const status = await fetch(`${service.url}${file}`).then(
            (r) => r.status,
            () => 0,
          );
          if (status !== 200) lost.add(`${file} ${status}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      await run(
        upgrade.filter((line) => !byHand.includes(line)),
        host,
      );
    } finally {
      upgrading = false;
      await watch;
    }
    expect([...lost]).toEqual([]);
    expect(fs.readdirSync(path.join(host.dir, "backups"))).toHaveLength(2);

    // The restart the unit does: the new version answers.
    expect(await service.stop()).toBe(0);
    services.shift();
    const restarted = await startService(host);
    services.push(restarted);
    expect(await (await fetch(`${restarted.url}/`)).text()).toContain("feel safe, and upgraded");
  });

  it("checks a backup by restoring it into a scratch database and starting there with mail delivery off", async () => {
    const [backup] = fs.readdirSync(path.join(host.dir, "backups")).sort();
    const check = await createScratchDatabase();
    const smtp = await startSmtpServer();
    try {
      const [create, restore, start] = walkBlock("restore-check");
      expect(create).toBe("sudo -u postgres createdb --owner=sacred sacred_check"); // made by the test above
      const onCheck = (line: string) =>
        onHost(line.replaceAll("postgres://sacred:<password>@127.0.0.1:5432/sacred_check", check.url), host).replace(
          "backups/<backup file>",
          `backups/${backup}`,
        );
      await run([onCheck(restore as string)], host);
      const pending = async () => {
        const client = new pg.Client({ connectionString: check.url });
        await client.connect();
        try {
          return (await client.query("select count(*)::int as n from mail_outbox where status = 'pending'")).rows[0].n;
        } finally {
          await client.end();
        }
      };
      const waiting = await pending();
      expect(waiting, "the backup holds a mail waiting to be sent").toBe(1);

      const port = await freePort();
      const server = await startServer(
        onCheck(start as string).replace("PORT=3100", `PORT=${port}`),
        host.dir,
        { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "100", REMINDER_INTERVAL_MS: "100" },
        port,
      );
      await new Promise((r) => setTimeout(r, 2000)); // many worker intervals
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain('"mailDelivery":"off"');
      expect(smtp.received).toEqual([]);
      expect(await pending()).toBe(waiting);
    } finally {
      await smtp.close();
      await check.drop();
    }
  });

  it("moves a development ./data to PostgreSQL with the keys of its secrets.json", async () => {
    for (const service of services.splice(0)) await service.stop();
    // A development start (no NODE_ENV) makes ./data, its secrets.json and the demo accounts.
    const devPort = await freePort();
    const dev = spawn(process.execPath, ["build/server-main.js"], {
      cwd: host.dir,
      env: { PATH: process.env.PATH ?? "", PORT: String(devPort), DATA_DIR: "./data", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    while (
      !(await fetch(`http://127.0.0.1:${devPort}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (dev.exitCode !== null) throw new Error("the development server exited");
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((resolve) => {
      dev.once("exit", resolve);
      dev.kill("SIGTERM");
    });

    const moved = { ...host, databaseUrl: target.url };
    const printed = await run(walkBlock("data-to-postgres"), moved);
    const keys = printed.match(/^AUTH_SECRET=.+\nDATA_ENCRYPTION_KEY=dev1:.+$/m)?.[0];
    expect(keys, printed).toBeTruthy();
    const settings = fs.readFileSync(host.envFile, "utf8").replace(host.databaseUrl, target.url);
    // Without the printed keys the restored data is refused at start, naming the key it was sealed with.
    fs.writeFileSync(host.envFile, settings);
    await run(walkBlock("data-to-postgres-restore"), moved);
    await expect(startService(moved)).rejects.toThrow(
      /sealed with the key id \W+dev1\W+which DATA_ENCRYPTION_KEY does not hold/,
    );
    // With them, as the document says, it starts.
    fs.writeFileSync(host.envFile, settings.replace(/^AUTH_SECRET=.*\nDATA_ENCRYPTION_KEY=.*$/m, keys as string));
    const service = await startService(moved);
    services.push(service);
    expect((await fetch(`${service.url}/`)).status).toBe(200);
  });
});
