import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { contentSecurityPolicy } from "../app/lib/csp.server";

/** Headers of DESIGN.md "Security bar" on every response. */
export function securityHeaders(options: { https: boolean; dev: boolean }) {
  const baselineCsp = contentSecurityPolicy({ upgradeInsecure: options.https, dev: options.dev });
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Permissions-Policy",
      "microphone=(self), camera=(), geolocation=(), payment=(self), usb=(), interest-cohort=()",
    );
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // Documents set their own policy with script hashes; everything else gets the baseline.
    onHeaders(res, () => {
      if (!res.getHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", baselineCsp);
    });
    next();
  };
}

/**
 * CSRF: a state change must come from our own origin. Browsers send Origin on every POST;
 * a request without Origin or Fetch Metadata is not from a browser page (e.g. RFC 8058
 * one-click unsubscribe from a mail provider) and carries no ambient session to abuse.
 */
export function sameOriginGuard(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    const allowed =
      origin !== undefined
        ? origin === siteOrigin || origin === ownOrigin
        : fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
    if (allowed) return next();
    res.status(403).type("text/plain").send("Cross-site requests are not accepted.");
  };
}
