import type { NextFunction, Request, Response } from "express";
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
    // Documents replace it with their own policy, with script hashes (entry.server.tsx, set as one
    // header by react-router-handler.ts and page-cache-hit.ts); everything else keeps the baseline.
    // Set now rather than when the head is written: a hook there cost a cached page 3% of its CPU.
    res.setHeader("Content-Security-Policy", baselineCsp);
    next();
  };
}
