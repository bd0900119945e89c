import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { TEST_SECRETS } from "./secrets";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface AppProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** stdout and stderr together, as a terminal shows them. */
  output: () => string;
  /** Each stream on its own (whole lines: the two never interleave inside one). */
  stdout: () => string;
  stderr: () => string;
  /** SIGTERM; resolves with the exit code and how long the stop took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** What a production process (the server, or a command beside it) needs here: test secrets, PayPal pointed nowhere. */
export function productionSettings(siteUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    SITE_URL: siteUrl,
    MAIL_FROM: "Sacred Path <no-reply@example.org>",
    STAFF_EMAIL: "keepers@example.org",
    AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
    DATA_ENCRYPTION_KEY: TEST_SECRETS.DATA_ENCRYPTION_KEY,
    LOG_LEVEL: "info",
    // Production takes PayPal only; an unreachable API, since these processes take no payments.
    PAYMENT_PROVIDER: "paypal",
    PAYPAL_CLIENT_ID: "test-client",
    PAYPAL_CLIENT_SECRET: "test-secret",
    PAYPAL_WEBHOOK_ID: "5GP028458E2496506",
    PAYPAL_API_URL: "http://127.0.0.1:9",
  };
}

/**
 * Starts the production server (`node build/server-main.js`) as a real process, on `env.PORT` when
 * given (a link printed for SITE_URL before the start), else a free port. `cwd`: another checkout
 * whose build to run (scripts/bench-ab.ts); this one by default.
 */
export async function startAppProcess(env: Record<string, string> = {}, cwd = process.cwd()): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "sacred-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server-main.js"], {
    cwd,
    env: { ...process.env, ...productionSettings(url), PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const streams = { stdout: "", stderr: "" };
  for (const name of ["stdout", "stderr"] as const) {
    child[name]?.on("data", (c: Buffer) => {
      output += c.toString();
      streams[name] += c.toString();
    });
  }
  // Ready once /readyz answers and the serving line (with its notes) is out: the line is written
  // just after the port opens, so on a busy machine a request can win the race.
  const settings = { ...productionSettings(url), ...env };
  const servingLineShown = ["info", "debug", "trace"].includes(settings.LOG_LEVEL ?? "info");
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok && (!servingLineShown || output.includes("is serving on"))) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    child,
    output: () => output,
    stdout: () => streams.stdout,
    stderr: () => streams.stderr,
    stop(signal = "SIGTERM") {
      const started = Date.now();
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve({ code: child.exitCode, ms: 0 });
        child.once("exit", (code) => resolve({ code, ms: Date.now() - started }));
        child.kill(signal);
      });
    },
  };
}

/**
 * The production server (NODE_ENV=production, React's production build) as the browser tests need
 * it: the demo accounts in its database and the test payment provider. Production never creates
 * demo accounts, so they are written into a fresh PGlite data directory here first; DEMO_ACCOUNTS=true
 * lets the server start with them, and PAYMENT_PROVIDER=test is taken because HOST and SITE_URL are
 * loopback (env.server.ts, answersThisMachineOnly). `env` overrides (PayPal's stand-in, SMTP_URL).
 */
export async function startTestingAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  if (env.DATABASE_URL)
    throw new Error("startTestingAppProcess seeds a PGlite data directory; DATABASE_URL is not for it");
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "sacred-e2e-"));
  const { openPglite } = await import("../../db/client");
  const { seedDemoAccounts } = await import("../../app/modules/accounts/seed.server");
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    await database.migrate();
    await seedDemoAccounts(database.db, { production: false });
  } finally {
    await database.close();
  }
  const app = await startAppProcess({ PAYMENT_PROVIDER: "test", DEMO_ACCOUNTS: "true", ...env, DATA_DIR: dataDir });
  // What the browser tests claim (README): the production build in production mode. Its settings line says so.
  const settings = app
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; nodeEnv?: string })
    .find((line) => line.msg === "settings");
  if (settings?.nodeEnv !== "production") {
    await app.stop();
    throw new Error(`the app under test is not in production mode:\n${app.output()}`);
  }
  return app;
}
