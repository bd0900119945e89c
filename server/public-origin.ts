import type { Request } from "express";
import type { Env } from "../app/env.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The address this request was sent to as far as this hop can tell: `req.protocol` (the socket's,
 * or X-Forwarded-Proto's when TRUST_PROXY says so) and the Host header. A proxy may rewrite both.
 */
export function reachedOrigin(req: Request): string | undefined {
  const host = req.headers.host;
  if (!host) return undefined;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** localhost, 127.0.0.1 and [::1] name one server when scheme and port agree. */
function isLoopbackAlias(origin: string, site: URL): boolean {
  const url = new URL(origin);
  return LOOPBACK.has(url.hostname) && url.protocol === site.protocol && url.port === site.port;
}

/**
 * The origin of every request (DESIGN.md "Deployment"): SITE_URL's whenever it is set, whatever
 * Host or forwarded headers a proxy sends, so no proxy setting can make a form fail or pass.
 * Without it (a development start, the tests' server) the app knows no public address and takes
 * the one the browser used. A loopback SITE_URL also answers for the other loopback names: people
 * open http://127.0.0.1:3000 as often as http://localhost:3000.
 */
export function publicOrigin(env: Pick<Env, "SITE_URL" | "siteUrlGiven">): (req: Request) => string {
  const site = new URL(env.SITE_URL);
  return (req) => {
    const reached = reachedOrigin(req);
    if (!env.siteUrlGiven) return reached ?? site.origin;
    if (reached && LOOPBACK.has(site.hostname) && isLoopbackAlias(reached, site)) return reached;
    return site.origin;
  };
}
