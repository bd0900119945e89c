import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

/** Load balancers probe these directly, without a proxy's headers. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * Says once, in the log, when requests show a proxy that TRUST_PROXY does not expect, or expect one
 * that is not there: either way every visitor gets the proxy's address (shared rate limits, an
 * audit log naming the proxy) or picks their own. Forms do not depend on it (server/public-origin.ts).
 */
export function proxyHints(trustedHops: number, logger: Logger) {
  let told = false;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (told || PROBES.has(req.path)) return next();
    const forwarded = req.headers["x-forwarded-for"] !== undefined;
    if (trustedHops === 0 && forwarded) {
      told = true;
      logger.warn(
        "a request carries X-Forwarded-For but TRUST_PROXY is false: if a proxy is in front, every visitor has " +
          "its address (one shared rate limit, the audit log names the proxy). Behind one proxy set TRUST_PROXY=1; " +
          "with nothing in front, ignore this (the client wrote the header itself).",
      );
    } else if (trustedHops > 0 && !forwarded) {
      told = true;
      logger.warn(
        `TRUST_PROXY is ${trustedHops} hop(s) but a request came without X-Forwarded-For: its client address is ` +
          "the socket's, the proxy's. Have the proxy send it (nginx: proxy_set_header X-Forwarded-For " +
          "$proxy_add_x_forwarded_for; Caddy's reverse_proxy does by default), or set TRUST_PROXY=false " +
          "if nothing is in front.",
      );
    }
    next();
  };
}
