import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import Negotiator from "negotiator";
import { type CachedPage, cacheKeyOf, type PageCache, withFreshKeys } from "./page-cache";

type Encoding = "br" | "gzip";

/**
 * As the compression middleware (app.ts) would encode a page: brotli at quality 4 where the browser
 * takes it, else gzip at level 3; nothing for HEAD or under 1 KiB.
 */
function encodingFor(req: Request, size: number): Encoding | null {
  if (req.method === "HEAD" || size < 1024 || !req.headers["accept-encoding"]) return null;
  const chosen = new Negotiator(req).encoding(["br", "gzip", "identity"], ["br", "gzip"]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    // On libuv's thread pool, as zlib's streams in the compression middleware: the event loop goes on.
    if (encoding === "gzip") zlib.gzip(body, { level: 3 }, done);
    else
      zlib.brotliCompress(
        body,
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        done,
      );
  });
}

/**
 * A page without forms is the same bytes for everyone until it expires, so each encoding of it is
 * made once (the first visitor who asks for it waits for it); a page with forms gets fresh one-time
 * keys per visitor (page-cache.ts), so it is encoded per answer, as any other page.
 */
function encoded(page: CachedPage, body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (page.keyOffsets.length > 0) return encode(body, encoding);
  page.encoded ??= {};
  const made = page.encoded;
  // A failure is not kept: the next visitor tries again.
  made[encoding] ??= encode(body, encoding).catch((error: unknown) => {
    delete made[encoding];
    throw error;
  });
  return made[encoding];
}

/**
 * Answers anonymous reads from the page cache before any other work: before the compression
 * middleware too, whose per-request wrapping cost a cached page a fifth of its CPU (measured for
 * issue 30, scripts/bench.ts), and which would compress the same bytes again on every hit.
 */
export function pageCacheMiddleware(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = cacheKeyOf(req);
    const page = key ? cache.get(key) : undefined;
    if (!page) return next();
    const body = withFreshKeys(page);
    res.statusCode = page.status;
    // A cacheable page has no Set-Cookie: each header is one value, set as it was answered.
    for (const [name, value] of page.headers) {
      if (name !== "content-length" && name !== "transfer-encoding") res.setHeader(name, value);
    }
    res.setHeader("X-Page-Cache", "hit");
    res.vary("Accept-Encoding");
    const encoding = encodingFor(req, body.length);
    if (!encoding) {
      res.setHeader("Content-Length", body.length);
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    encoded(page, body, encoding).then((bytes) => {
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", bytes.length);
      res.end(bytes);
    }, next);
  };
}
