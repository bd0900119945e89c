import type { AddressInfo } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { expect } from "vitest";
import { parseEnv } from "../../app/env.server";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { type Backend, openTestDatabase } from "./database";
import { TEST_SECRETS } from "./secrets";
import type { TestServer } from "./server";

export interface LoggedServer extends TestServer {
  /** Everything the app logged so far (pino lines and any console output of this process). */
  logs(): string;
}

let build: ServerBuild | undefined;
const captured: string[] = [];
const secrets = new Set<string>();

let quietErrors: string[] | null = null;

// Console output of the app's libraries (better-auth, React Router's default error handler)
// is log output too: record it, and still let it through (fail-on-console-error sees errors)
// unless a test said it expects errors (see expectingErrors).
for (const method of ["log", "info", "warn", "error", "debug"] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    const line = args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(" ");
    captured.push(line);
    if (method === "error" && quietErrors) quietErrors.push(line);
    else original(...args);
  };
}

/**
 * Runs `fn` with console errors recorded (still in the logs) instead of failing the test, for
 * sweeps that expect some known server errors; returns what was logged as errors.
 */
export async function expectingErrors(fn: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  quietErrors = errors;
  try {
    await fn();
  } finally {
    quietErrors = null;
  }
  return errors;
}

/**
 * The real app as startTestServer builds it, but logging at LOG_LEVEL=info through the app's own
 * logger (its redaction included) into memory, so a test can read what production would log.
 */
export async function startLoggedServer(
  backend: Backend,
  overrides: Record<string, string> = {},
): Promise<LoggedServer> {
  build ??= (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const database = await openTestDatabase(backend);
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    STAFF_EMAIL: "keepers@example.org",
    AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
    DATA_ENCRYPTION_KEY: TEST_SECRETS.DATA_ENCRYPTION_KEY,
    ...overrides,
  });
  const logger = createLogger(env.LOG_LEVEL);
  // Same options, other destination: pino writes every line to the stream behind this symbol.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      captured.push(chunk.toString("utf8"));
      done();
    },
  });
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = sink;
  const { app, pageCache } = createApp({ env, database, logger, build, clientDir: path.resolve("build/client") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin: env.siteUrlGiven ? env.SITE_URL : url,
    database,
    env,
    logs: () => captured.join("\n"),
    clearPageCache: () => pageCache.clear(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

/** Values that must never reach a log line: passwords, tokens, cookies, card numbers, sensitive text. */
export function rememberSecret(...values: Array<string | undefined | null>): void {
  for (const value of values) if (value && value.length >= 6) secrets.add(value);
}

/** A Cookie header's values (and their token part before the signature) as secrets. */
export function rememberCookie(cookie: string): void {
  for (const pair of cookie.split("; ")) {
    const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
    rememberSecret(value, value.split(".")[0]);
  }
}

/** Fails naming each remembered secret found in this process's logs (shown shortened, not whole). */
export function expectNoSecretsInLogs(logs = captured.join("\n")): void {
  expect(logs.length, "the app logged nothing: is the log capture working?").toBeGreaterThan(0);
  const leaked = [...secrets].filter((s) => logs.includes(s)).map((s) => `${s.slice(0, 12)}… (${s.length} chars)`);
  expect(leaked, "secrets found in the logs").toEqual([]);
}
