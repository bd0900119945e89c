import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { type Env, parseEnv } from "../../app/env.server";
import type { Database } from "../../db/client";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { type Backend, openTestDatabase } from "./database";
import { TEST_SECRETS } from "./secrets";

export interface TestServer {
  url: string;
  /** Where a browser on this site posts from: SITE_URL when the test set one, else `url`. */
  origin: string;
  database: Database;
  env: Env;
  clearPageCache(): void;
  close(): Promise<void>;
}

let build: ServerBuild | undefined;

/**
 * The real app (production build, real database) on a random port. Given `shared`, a second
 * app instance on that database (which it then leaves open on close).
 */
export async function startTestServer(
  backend: Backend,
  overrides: Record<string, string> = {},
  shared?: Database,
): Promise<TestServer> {
  build ??= (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const database = shared ?? (await openTestDatabase(backend));
  // Without SITE_URL the app takes the origin from the Host (server/public-origin.ts), so a server on a
  // random port needs none; with one, posts come from SITE_URL's origin (`origin`), as behind a proxy.
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    STAFF_EMAIL: "keepers@example.org",
    AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
    DATA_ENCRYPTION_KEY: TEST_SECRETS.DATA_ENCRYPTION_KEY,
    ...overrides,
  });
  const { app, pageCache } = createApp({
    env,
    database,
    logger: createLogger(env.LOG_LEVEL),
    build,
    clientDir: path.resolve("build/client"),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin: env.siteUrlGiven ? env.SITE_URL : url,
    database,
    env,
    clearPageCache: () => pageCache.clear(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!shared) await database.close();
    },
  };
}

/** A form POST as a browser on our own origin sends it. */
export function postForm(
  server: TestServer,
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/**
 * A request sent byte for byte through node:http: fetch refuses methods such as TRACE and always
 * frames the body itself, so it cannot send what a hostile client sends.
 */
export function sendRaw(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    // Node frames a TRACE or DELETE body with neither length nor chunking unless told its length.
    const length = options.body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(options.body)) };
    const headers = { ...length, ...options.headers };
    const req = httpRequest(url, { method: options.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answer = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          for (const one of [value ?? []].flat()) answer.append(key, one);
        }
        const status = res.statusCode ?? 599;
        const body = [204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers: answer }));
      });
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
