import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 hashes of every inline script in a page, in CSP source form. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/type=["']?application\/(ld\+)?json/i.test(attributes)) continue; // data, never executed
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy. Pages allow exactly their own inline scripts by hash (not a
 * nonce), so a page served from the cache keeps a strict policy that still matches it.
 */
export function contentSecurityPolicy(options: {
  scriptHashes?: string[];
  /** Only when the site is served over https (never on a plain-http local run). */
  upgradeInsecure: boolean;
  dev?: boolean;
  /** Other origins a form may lead to: PayPal's approval pages, reached by a redirect after a post. */
  formTargets?: string[];
}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${(options.scriptHashes ?? []).join(" ")}`.trim(),
    // Style attributes set by React components (positions, transforms) need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...(options.formTargets ?? [])].join(" "),
    "frame-ancestors 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (options.upgradeInsecure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
