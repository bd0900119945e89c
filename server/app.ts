import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { Socket } from "node:net";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "../app/context";
import type { Env } from "../app/env.server";
import type { RequestLog } from "../app/handles";
import { safeErrorMessage } from "../app/lib/errors";
import type { Database } from "../db/client";
import { queryCountHeader } from "../db/query-count";
import { DOCTOR_PROBE_PATH, doctorProbe } from "./doctor-probe";
import { inputGuard, pathGuard } from "./input-guard";
import { loggablePath } from "./logger";
import { createMetrics, metricsEndpoint } from "./metrics";
import { PageCache } from "./page-cache";
import { pageCacheMiddleware } from "./page-cache-hit";
import { proxyHints } from "./proxy-hints";
import { publicOrigin } from "./public-origin";
import { reactRouterHandler } from "./react-router-handler";
import type { Release } from "./release";
import { sameOriginGuard } from "./same-origin-guard";
import { securityHeaders } from "./security-headers";

export interface AppOptions {
  env: Env;
  database: Database;
  logger: Logger;
  /** The production build, or a loader for it (the dev server reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of built client assets; omitted in dev, where Vite serves them. */
  clientDir?: string;
  /** Extra middleware placed before the router (the Vite dev server). */
  devMiddleware?: express.RequestHandler;
  /** The version and commit this process runs (server/release.ts), said by /healthz. */
  release?: Pick<Release, "version" | "commit">;
}

declare global {
  namespace Express {
    interface Request {
      id: string;
    }
  }
}

/**
 * TRUST_PROXY as express's hop count: the client is the X-Forwarded-For entry that many hops from
 * the right (the last address our own proxies did not add). "true" is one proxy: express's own
 * `true` trusts every hop and takes the left-most entry, which the client writes itself.
 */
function trustProxySetting(value: string): number {
  if (value === "true") return 1;
  if (value === "false") return 0;
  return Number.parseInt(value, 10);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function createApp(options: AppOptions) {
  const { env, database, logger } = options;
  /** Set by drain() when the process is shutting down (server/shutdown.ts). */
  let draining = false;
  /** Answers begun and not yet finished: drain() tells those whose headers are not out yet to close. */
  const unanswered = new Set<Response>();
  /** When /readyz was last asked, and the time before: a health checker asks again and again. */
  const readyChecks = [0, 0];
  /** Called once a checker has been told, while draining, that this instance is not ready. */
  let checkerTold: (() => void) | undefined;
  /** Open connections that carried a proxy's request (X-Forwarded-For): the proxy's keep-alive pool. */
  const proxied = new Set<Socket>();
  const app = express();
  app.disable("x-powered-by");
  const trustedHops = trustProxySetting(env.TRUST_PROXY);
  app.set("trust proxy", trustedHops);
  const originOf = publicOrigin(env);
  // Not under the dev server: an edit must show at the next reload, not a minute later.
  const pageCache = new PageCache(options.devMiddleware ? 0 : env.PAGE_CACHE_SECONDS * 1000);
  /** Readiness, and the test of whether a server error means the database is out of reach. */
  const databaseAnswers = () =>
    withTimeout(database.ping(), 1500).then(
      () => true,
      () => false,
    );

  // Request id and one JSON log line per request: method, path (no query or token), status,
  // duration, the client's address and the account that asked (never an email). A refusal for
  // too many attempts is an event of its own, for whoever watches the logs.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (draining) res.setHeader("Connection", "close");
    else {
      unanswered.add(res);
      res.on("close", () => unanswered.delete(res));
    }
    const socket = req.socket;
    if (req.headers["x-forwarded-for"] !== undefined && !proxied.has(socket) && !socket.destroyed) {
      proxied.add(socket);
      socket.once("close", () => proxied.delete(socket));
    }
    req.id = randomUUID();
    res.setHeader("X-Request-Id", req.id);
    const requestLog: RequestLog = {};
    res.locals.requestLog = requestLog;
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const limited = res.statusCode === 429;
      // Nothing to write at this level: the line is not even made (a cached page's answer is that cheap).
      if (!logger.isLevelEnabled("info") && !(limited && logger.isLevelEnabled("warn"))) return;
      const line = {
        reqId: req.id,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ip: req.ip ?? req.socket.remoteAddress,
        account: requestLog.accountId,
      };
      logger.info(line, "request");
      if (limited) logger.warn({ ...line, event: "rate-limited" }, "rate limited");
    });
    next();
  });
  app.use(
    securityHeaders({
      https: env.isProduction && env.SITE_URL.startsWith("https:"),
      dev: Boolean(options.devMiddleware),
    }),
  );
  // Benchmarks only (env.server.ts refuses it on a server others reach): statements per answer.
  if (env.QUERY_COUNT_HEADER) app.use(queryCountHeader());
  const metrics = createMetrics({ db: database.db, build: options.build });
  app.use(metrics.count);
  // A hit is answered first: its path passed the guard below when it was stored, the proxy hints
  // are for the first requests (never hits), and it is encoded by the cache (page-cache-hit.ts), so
  // it skips the compression middleware too. Each layer a hit skips is CPU (issue 30, bench.ts).
  app.use(pageCacheMiddleware(pageCache));
  app.use(proxyHints(trustedHops, logger));
  app.use(pathGuard());
  // Pages are made for each request, so their gzip is paid each time: level 3 costs half of the
  // default level 6 on a member page (0.19 against 0.36 ms for the journal, 0.44 against 0.81 for
  // the profile) for about 6% more bytes. Built files are long-cached, so they keep level 6.
  const compressPage = compression({ level: 3 });
  const compressFile = compression({ level: 6 });
  app.use((req, res, next) => (req.path.startsWith("/assets/") ? compressFile : compressPage)(req, res, next));
  app.get("/metrics", metricsEndpoint(metrics.registry, env.METRICS_TOKEN));
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok", version: options.release?.version ?? null, commit: options.release?.commit ?? null });
  });
  app.get(DOCTOR_PROBE_PATH, doctorProbe(env, options.release?.version ?? null));
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    readyChecks.shift();
    readyChecks.push(Date.now());
    if (draining) {
      res.on("finish", () => checkerTold?.());
      res.status(503).json({ status: "draining", database: database.kind });
    } else if (await databaseAnswers()) res.json({ status: "ready", database: database.kind });
    else res.status(503).json({ status: "unavailable", database: database.kind });
  });

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // The other built files (icons, share images, audio) sit under a few top-level names, read once:
    // a page's path goes straight to the router instead of costing a disk lookup per request.
    const serveFile = express.static(options.clientDir, { maxAge: "1h", index: false });
    const topLevel = new Set(fs.readdirSync(options.clientDir));
    app.use((req, res, next) => {
      const first = decodeURIComponentSafe(req.path.split("/")[1] ?? "");
      if (first && topLevel.has(first)) serveFile(req, res, next);
      else next();
    });
  }

  app.use(sameOriginGuard(originOf, logger));
  app.use(inputGuard());

  app.all(
    "/{*splat}",
    reactRouterHandler({
      build: options.build,
      mode: env.isProduction ? "production" : "development",
      cache: pageCache,
      databaseAnswers,
      originOf,
      getLoadContext: (req) => {
        const context = new RouterContextProvider();
        context.set(appContext, {
          db: database.db,
          env,
          logger: logger.child({ reqId: req.id }),
          requestId: req.id,
          requestLog: (req.res?.locals.requestLog as RequestLog | undefined) ?? {},
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // The body reader's refusals (too large, unreadable, cut off) are the client's, not ours.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500 && !res.headersSent) {
      res.status(status).setHeader("Cache-Control", "no-store");
      res
        .type("text/plain")
        .send(status === 413 ? "This form is larger than we accept." : "This request could not be read.");
      return;
    }
    logger.error({ reqId: req.id, err: safeErrorMessage(error) }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Unexpected Application Error!");
  });

  return {
    app,
    pageCache,
    /**
     * The shutdown's first step (SIGTERM, server/shutdown.ts): /readyz says 503 from now on, so health
     * checks take this instance out, and every answer carries `Connection: close`, so a proxy closes
     * its pooled connection itself after the answer instead of finding it closed under a request.
     * Resolves once a health checker that was watching (/readyz asked twice in the last 30 s) has
     * been told, and a moment more for its proxy to act on it, or after `waitMs` at most; at once
     * when nothing watches (nginx, a terminal).
     */
    drain(waitMs = 0): Promise<void> {
      draining = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
      unanswered.clear();
      const watched = Date.now() - (readyChecks[0] ?? 0) < 30_000;
      if (waitMs <= 0 || !watched) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        checkerTold = () => {
          checkerTold = undefined;
          clearTimeout(timer);
          setTimeout(resolve, 200);
        };
      });
    },
    /**
     * After the server stopped listening: resolves once the proxy has closed each of its pooled
     * connections itself (after an answer with `Connection: close`, or at its keep-alive timeout,
     * 1 s in deploy/nginx/sacredpath.conf), or after `waitMs` at most. Closing them from here instead
     * could cross a request the proxy is just sending on one: a form lost that way is answered 502.
     */
    proxiesLetGo(waitMs: number): Promise<void> {
      return new Promise((resolve) => {
        const started = Date.now();
        const check = () => {
          if (proxied.size === 0 || Date.now() - started >= waitMs) resolve();
          else setTimeout(check, 50);
        };
        check();
      });
    },
  };
}
