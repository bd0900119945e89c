import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { countUnsentMail } from "../app/modules/mail/outbox.server";
import type { Db } from "../db/client";

/**
 * Metrics in the Prometheus text format at `/metrics`, for an operator's scraper and no one else:
 * served only with METRICS_TOKEN set, to a request bearing it. Requests are counted by route
 * pattern ("/journals/:id"), never by path, so tokens and ids stay out and the series stay few.
 */
export function createMetrics(options: { db: Db; build: ServerBuild | (() => Promise<ServerBuild>) }) {
  const registry = new Registry();
  // Process and runtime metrics, the event loop's delay among them.
  collectDefaultMetrics({ register: registry });
  // prom-client also counts these three as gauges named like counters, which Prometheus's linter
  // (promtool check metrics) refuses; the same counts stay, by type, without the suffix.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) {
    registry.removeSingleMetric(name);
  }
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: "mail_outbox",
    help: "Mail waiting in the outbox (pending) and given up on after days of retries (failed).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const unsent = await countUnsentMail(options.db);
      this.set({ status: "pending" }, unsent.pending);
      this.set({ status: "failed" }, unsent.failed);
    },
  });
  const routeOf = routeMatcher(options.build);

  /** Counts every request once it is answered. */
  const count: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const stop = latency.startTimer();
    res.on("finish", () => {
      const route = routeOf(req.path);
      stop({ route, method: req.method });
      requests.inc({ route, method: req.method, status: String(res.statusCode) });
    });
    next();
  };
  return { registry, count };
}

/** The `/metrics` answer: 404 when no token is set (as if there were none), 401 without the token. */
export function metricsEndpoint(registry: Registry, token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!expected) {
      res.status(404).type("text/plain").send("Not found.");
      return;
    }
    const given = Buffer.from(req.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.type("text/plain").send("The metrics need the bearer token set as METRICS_TOKEN.");
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  };
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}
interface PatternRoute {
  id: string;
  path?: string;
  index?: boolean;
  children: PatternRoute[];
  pattern: string;
}

/** A path's route pattern in the app's route table; the dev server's build changes, so it is not matched. */
function routeMatcher(build: ServerBuild | (() => Promise<ServerBuild>)): (path: string) => string {
  if (typeof build === "function") return (path) => (path.startsWith("/assets/") ? "/assets/*" : "dev");
  const routes = Object.values(build.routes) as ManifestRoute[];
  const tree = (parentId: string | undefined, base: string): PatternRoute[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => {
        const pattern = r.path ? `${base}/${r.path}`.replace(/\/+/g, "/") : base || "/";
        return { id: r.id, path: r.path, index: r.index, pattern, children: tree(r.id, pattern) };
      });
  // React Router's own matcher, so a path finds the route it would render ("*" for the rest).
  const top = tree(undefined, "") as unknown as RouteObject[];
  // matchRoutes flattens and ranks the whole table on every call: a fifth of the CPU a cached page
  // cost (profiled for issue 30). Paths repeat, so each one is matched once; the memory is bounded.
  const known = new Map<string, string>();
  return (path) => {
    if (path.startsWith("/assets/")) return "/assets/*";
    if (["/healthz", "/readyz", "/metrics"].includes(path)) return path;
    const seen = known.get(path);
    if (seen !== undefined) return seen;
    const matches = matchRoutes(top, path.replace(/\.data$/, "") || "/");
    const pattern = (matches?.at(-1)?.route as PatternRoute | undefined)?.pattern ?? "unmatched";
    if (known.size >= KNOWN_PATHS) known.clear();
    known.set(path, pattern);
    return pattern;
  };
}

/** How many paths' routes are remembered before starting afresh (a crawler's many ids cannot grow it). */
const KNOWN_PATHS = 5_000;
