import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { DATA_REQUEST_HEADER } from "../app/forms/action.server";
import { cacheKeyOf, formKeyOffsets, isCacheableResponse, type PageCache } from "./page-cache";
import { sendUnavailable } from "./unavailable-page";

interface Options {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: Request) => RouterContextProvider;
  cache: PageCache;
  /** Asked after a server error: false means the database is unreachable, so the answer is a 503. */
  databaseAnswers: () => Promise<boolean>;
  /** The site's origin for this request (server/public-origin.ts): SITE_URL's, not the Host's. */
  originOf: (req: Request) => string;
}

function toFetchRequest(req: Request, res: Response, origin: string): globalThis.Request {
  // React Router refuses an action whose Origin differs from this URL's; sameOriginGuard checked it against the same origin.
  const url = new URL(req.originalUrl, origin);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  // Ours to say, never the client's: this request is the running app's (React Router's `.data`).
  headers.delete(DATA_REQUEST_HEADER);
  if (isDataRequest(req)) headers.set(DATA_REQUEST_HEADER, "1");
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // inputGuard (server/input-guard.ts) has read and checked the body.
    init.body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : null;
  }
  return new globalThis.Request(url, init);
}

/** React Router's own requests for a route's data (the app running in a browser), as opposed to pages. */
const isDataRequest = (req: Request) => req.path.endsWith(".data");

function send(req: Request, res: Response, status: number, headers: Array<[string, string]>, body: Buffer) {
  res.status(status);
  for (const [key, value] of headers) {
    if (key === "content-length" || key === "transfer-encoding") continue;
    // One value each (Headers joined them), replacing the baseline's (security-headers.ts): two
    // Content-Security-Policy headers would both be enforced. Only cookies come one per header.
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * Who may keep an answer (docs/decisions/001), whatever a route said. An answer to a form post is
 * one person's: `private, no-store`, also through React Router's `.data` posts. An answer that
 * says nothing is kept by no one (a token page's data). A public page holding forms may be reused
 * only by our own page cache, which gives each visitor their own one-time keys: shared caches must
 * ask again (`no-cache`). Answers where that page's keys sit, for the page cache.
 */
function cachePolicy(req: Request, headers: Headers, body: Buffer): number[] {
  const said = headers.get("cache-control");
  if ((req.method !== "GET" && req.method !== "HEAD") || !said) {
    headers.set("Cache-Control", "private, no-store");
    return [];
  }
  if (!/\bpublic\b/.test(said)) return [];
  const keyOffsets = formKeyOffsets(body);
  if (keyOffsets.length > 0) headers.set("Cache-Control", "public, no-cache");
  return keyOffsets;
}

/**
 * Hands requests to React Router. Responses are buffered (pages are rendered whole, see
 * entry.server.tsx) so anonymous public pages can be cached and answered without rendering.
 */
export function reactRouterHandler(options: Options) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = () => {
    handler ??= createRequestHandler(options.build, options.mode);
    return handler;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const cacheKey = cacheKeyOf(req);
      const response = await getHandler()(toFetchRequest(req, res, options.originOf(req)), options.getLoadContext(req));
      const body = Buffer.from(await response.arrayBuffer());
      const keyOffsets = cachePolicy(req, response.headers, body);
      const headers: Array<[string, string]> = [
        ...[...response.headers.entries()].filter(([key]) => key !== "set-cookie"),
        ...response.headers.getSetCookie().map((cookie): [string, string] => ["set-cookie", cookie]),
      ];
      if (cacheKey && req.method === "GET" && isCacheableResponse(response.status, response.headers)) {
        options.cache.set(cacheKey, { status: response.status, headers, body, keyOffsets });
      }
      if (response.status >= 500 && !(await options.databaseAnswers())) {
        if (!isDataRequest(req)) return sendUnavailable(req, res);
        // A form's post keeps React Router's own answer (its notice and the typed text) as a 503.
        if (req.method === "POST") {
          send(req, res, 503, [...headers.filter(([key]) => key !== "retry-after"), ["retry-after", "30"]], body);
          return;
        }
        // A page's data: a bare 503, which the app reads as "not loaded" and offers a retry
        // (components/layout/load-failure.tsx) instead of a fault in the page.
        res.status(503).set({ "Retry-After": "30", "Cache-Control": "no-store" }).type("text/plain");
        res.send("Our records are out of reach for a moment. Please try again.");
        return;
      }
      send(req, res, response.status, headers, body);
    } catch (error) {
      if (!isDataRequest(req) && !(await options.databaseAnswers())) return sendUnavailable(req, res);
      next(error);
    }
  };
}
