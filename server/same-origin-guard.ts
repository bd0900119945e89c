import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { isSitesOwn } from "../app/lib/fetch-site";

/** Said once per origin (a few of them at most): a site reached at a wrong address posts often. */
const MAX_ORIGINS_TOLD = 20;

/** The Origin names the host this request was addressed to: the site itself, under an address SITE_URL is not. */
function isOwnHost(origin: string, host: string | undefined): boolean {
  if (!host || !URL.canParse(origin) || !URL.canParse(`http://${host}`)) return false;
  return new URL(origin).hostname === new URL(`http://${host}`).hostname;
}

/**
 * CSRF: a state change must come from the site's origin (`originOf`, server/public-origin.ts).
 * Browsers send Origin on every POST; a request without Origin or Fetch Metadata is not from a
 * browser page (e.g. RFC 8058 one-click unsubscribe from a mail provider) and carries no ambient
 * session to abuse.
 *
 * A refused post whose Origin is the host it was sent to is no attack but a site reached at an
 * address that is not SITE_URL (a `www.` name, http where SITE_URL says https): the log says what
 * to set, and the visitor where to go.
 */
export function sameOriginGuard(originOf: (req: Request) => string, logger: Logger) {
  const told = new Set<string>();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    const expected = originOf(req);
    const allowed =
      origin !== undefined
        ? origin === expected
        : fetchSite === undefined || isSitesOwn(typeof fetchSite === "string" ? fetchSite : undefined);
    if (allowed) return next();
    if (origin === undefined || !isOwnHost(origin, req.headers.host)) {
      res.status(403).type("text/plain").send("Cross-site requests are not accepted.");
      return;
    }
    if (!told.has(origin) && told.size < MAX_ORIGINS_TOLD) {
      told.add(origin);
      logger.warn(
        { origin, siteOrigin: expected, host: req.headers.host, forwardedProto: req.headers["x-forwarded-proto"] },
        `form post refused: the browser sent it from ${origin}, but this site's origin is ${expected}. ` +
          `If ${origin} is the site's public address, set SITE_URL=${origin}; otherwise have the proxy ` +
          `redirect ${origin} to ${expected} (docs/deployment.md, "Several instances behind a proxy").`,
      );
    }
    res
      .status(403)
      .type("text/plain")
      .send(
        `This form was sent from ${origin}, but this site's address is ${expected}. Open ${expected} and try again.`,
      );
  };
}
