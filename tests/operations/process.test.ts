import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort, productionSettings, startAppProcess } from "../support/app-process";
import { postgresUrl } from "../support/database";
import { LEVEL, logLines, refusal } from "../support/log-lines";
import { runCommand } from "../support/run-command";

/** Runs the built server to its exit, with only the settings given. */
function runServer(env: Record<string, string>) {
  // Only what is given: the test runner's own settings must not leak into the start-up checks.
  return runCommand(process.execPath, ["build/server-main.js"], {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    PORT: "0",
    LOG_LEVEL: "silent",
    ...env,
  });
}

/** `npm start` in its own process group, as a person's terminal runs it; resolves once it serves. */
async function npmStart(env: Record<string, string>) {
  const child = spawn("npm", ["start"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${env.SITE_URL}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, exited, output: () => output };
}

// Real processes on a machine that may be busy: generous limits, never a race against the clock.
describe("the server process", () => {
  it("stops cleanly within 5 seconds on SIGTERM and on SIGINT", async () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const app = await startAppProcess();
      // A slow client holding a keep-alive connection must not hold the shutdown.
      await fetch(`${app.url}/`, { headers: { Connection: "keep-alive" } });
      const { code, ms } = await app.stop(signal);
      expect(code, signal).toBe(0);
      expect(ms, signal).toBeLessThan(5000);
      expect(fs.existsSync(path.join(app.dataDir, "app.lock")), "lock released").toBe(false);
    }
  });

  it("refuses a second process on the same embedded data directory, naming the holder", async () => {
    const app = await startAppProcess();
    try {
      const second = await runServer({ DATA_DIR: app.dataDir });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`is in use by another process (pid ${app.child.pid})`);
      expect(second.stderr).toContain("DATABASE_URL");
      expect(second.stdout).not.toContain("serving on");
    } finally {
      await app.stop();
    }
  });

  it("starts at once after `npm start` was killed with SIGKILL, every time, on the same data directory", async () => {
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...productionSettings(siteUrl),
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "sacred-kill-")),
      LOG_LEVEL: "warn",
    };
    for (let round = 0; round < 3; round++) {
      const started = await npmStart(env);
      // The whole group npm made (npm, sh, node), as a terminal's kill -9 of the job would.
      process.kill(-(started.child.pid as number), "SIGKILL");
      await started.exited;
    }
    const last = await npmStart(env);
    expect((await fetch(`${siteUrl}/readyz`)).status).toBe(200);
    process.kill(-(last.child.pid as number), "SIGTERM");
    await last.exited;
  });

  it("is not held back by a lock file that an older version or an unrelated process left", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-oldlock-"));
    // pid 1 is always alive and is never the server: a pid file naming it once blocked every start.
    fs.writeFileSync(path.join(dataDir, "app.lock"), "1");
    const app = await startAppProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    await app.stop();
  });

  it("refuses to start, saying why, with a DATA_ENCRYPTION_KEY that cannot open the records", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-keys-"));
    const key = (fill: number) => Buffer.alloc(32, fill).toString("base64");
    const first = await startAppProcess({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: `k1:${key(1)}` });
    await first.stop();

    const production = productionSettings("http://127.0.0.1:9");
    const start = (DATA_ENCRYPTION_KEY: string) => runServer({ ...production, DATA_DIR: dataDir, DATA_ENCRYPTION_KEY });
    // A different key under the same id (typed wrong), and a restore without the old key.
    const retyped = await start(`k1:${key(2)}`);
    const replaced = await start(`k2:${key(2)}`);
    // Production: the refusal is one fatal JSON line on stderr.
    expect(retyped.status).toBe(1);
    expect(refusal(retyped.stderr)).toContain(
      'DATA_ENCRYPTION_KEY holds a different key under the id "k1" than the one this database\'s records were sealed with',
    );
    expect(replaced.status).toBe(1);
    expect(refusal(replaced.stderr)).toContain(
      'records here were sealed with the key id "k1", which DATA_ENCRYPTION_KEY does not hold',
    );
    for (const refused of [retyped, replaced]) {
      expect(refused.stdout).not.toContain("serving on");
      expect(refusal(refused.stderr)).not.toMatch(/^\s+at /m);
    }

    // A rotation (the new key first, the old one kept) starts, and from then on needs both.
    const rotated = await startAppProcess({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: `k2:${key(3)},k1:${key(1)}` });
    await rotated.stop();
    const oldOnly = await start(`k1:${key(1)}`);
    expect(refusal(oldOnly.stderr)).toContain('sealed with the key id "k2"');
  });

  it("refuses to start, saying why, with an AUTH_SECRET other than the one this database was used with", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-auth-secret-"));
    const first = await startAppProcess({ DATA_DIR: dataDir });
    await first.stop();

    const production = productionSettings("http://127.0.0.1:9");
    const changed = await runServer({ ...production, DATA_DIR: dataDir, AUTH_SECRET: "another-secret-".repeat(3) });
    expect(changed.status).toBe(1);
    const message = refusal(changed.stderr);
    expect(message).toContain(
      "Refusing to start: AUTH_SECRET differs from the one this database was used with. Everyone would be signed " +
        "out and staff could not pass two-factor sign-in (their secrets are encrypted with it).",
    );
    expect(changed.stdout).not.toContain("serving on");
    expect(message).not.toMatch(/^\s+at /m);

    // The same secret starts again.
    const again = await startAppProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    await again.stop();
  });

  it("prints the address it serves, and logs its effective settings in one line without a secret", async () => {
    const app = await startAppProcess({ LOG_LEVEL: "info", SMTP_URL: "smtp://user:smtp-pass-4471@127.0.0.1:9" });
    const health = await (await fetch(`${app.url}/healthz`)).json();
    await app.stop();
    // The release: package.json's version and the commit `npm run build` recorded (git rev-parse HEAD here).
    const { version } = JSON.parse(fs.readFileSync("package.json", "utf8"));
    const [built] = JSON.parse(fs.readFileSync("build/releases.json", "utf8"));
    expect(built).toMatchObject({ version, commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(health).toEqual({ status: "ok", version, commit: built.commit });
    const lines = logLines(app.output());
    expect(lines.find((l) => l.msg.includes("serving on"))).toMatchObject({
      level: LEVEL.info,
      msg: expect.stringMatching(/^Sacred Path Congregation is serving on http:\/\/localhost:\d+ \(listening on /),
      url: expect.stringMatching(/^http:\/\/localhost:\d+$/),
    });
    expect(lines.find((l) => l.msg === "settings")).toMatchObject({
      version,
      commit: built.commit,
      siteUrl: expect.stringMatching(/^http:\/\/[^/]+:\d+$/),
      database: "pglite",
      payments: expect.any(String),
      smtpHost: "127.0.0.1:9",
      trustProxy: "false",
      mailDelivery: "on",
    });
    expect(app.output()).not.toContain("smtp-pass-4471");
  });

  it("says the port is taken, and never that it is serving, when another program holds the port", async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const result = await runServer({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "sacred-port-")),
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Port ${port} is already in use (set PORT to choose another).`);
      expect(result.stdout).not.toContain("serving on");
    } finally {
      blocker.close();
    }
  });

  it("names DATABASE_URL, hides its password and gives no stack trace when the database cannot be reached", async () => {
    const port = await freePort(); // nothing listens there
    const result = await runServer({ DATABASE_URL: `postgres://sacred:s3cret@127.0.0.1:${port}/sacred` });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Cannot use the database in DATABASE_URL (postgres://sacred:***@127.0.0.1:${port}/sacred): nothing is listening at 127.0.0.1:${port}`,
    );
    expect(result.stderr).toContain("unset it to use the embedded database in DATA_DIR");
    expect(result.stderr).not.toContain("s3cret");
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it.runIf(postgresUrl)("says which database is missing on a reachable server", async () => {
    const url = new URL(postgresUrl as string);
    url.pathname = "/sacred_no_such_database";
    const result = await runServer({ DATABASE_URL: url.href });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the database "sacred_no_such_database" does not exist on that server');
  });

  it.runIf(postgresUrl)("says which role is missing, rather than blaming pg_hba.conf", async () => {
    const url = new URL(postgresUrl as string);
    url.username = "sacred_no_such_role";
    const result = await runServer({ DATABASE_URL: url.href });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the role "sacred_no_such_role" does not exist on that server');
    expect(result.stderr).toContain("createuser --pwprompt sacred_no_such_role");
    expect(result.stderr).not.toContain("pg_hba.conf");
  });

  it("refuses to start in production without its required settings, in one fatal JSON line", async () => {
    const result = await runServer({
      NODE_ENV: "production",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "noenv-")),
      MAIL_DELIVERY: "maybe",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    // refusal(): stderr is exactly one JSON line at fatal level; the message lists every problem.
    const message = refusal(result.stderr);
    expect(message).toContain(
      "Missing production settings: SITE_URL, MAIL_FROM, STAFF_EMAIL, AUTH_SECRET, DATA_ENCRYPTION_KEY",
    );
    expect(message).toContain("MAIL_DELIVERY: MAIL_DELIVERY must be on or off");
    expect(message).toContain("Invalid environment (every problem found");
  });

  it.runIf(postgresUrl)("runs two processes on one PostgreSQL database", async () => {
    const url = new URL(postgresUrl as string);
    const name = `sacred_two_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    try {
      // Started together: the migration lock keeps them from racing.
      const [a, b] = await Promise.all([
        startAppProcess({ DATABASE_URL: url.href }),
        startAppProcess({ DATABASE_URL: url.href }),
      ]);
      try {
        for (const app of [a, b]) {
          const ready = await fetch(`${app.url}/readyz`);
          expect(await ready.json()).toMatchObject({ status: "ready", database: "postgres" });
        }
        const post = (app: typeof a) =>
          fetch(`${app.url}/newsletter`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
            body: "email=shared%40example.org",
          });
        // The per-address limit (3 a day) is one counter across both processes.
        const statuses = [];
        for (const app of [a, b, a, b]) statuses.push((await post(app)).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
