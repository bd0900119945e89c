import { TOKEN_LINK, TOKEN_ROUTES } from "./token-routes";

/** A run of token characters as long as a secret (our tokens are 43, PayPal's order ids 17). */
const TOKEN_RUN = /[A-Za-z0-9_-]{24,}/;
/** Words joined by single hyphens, as an article's slug is: long, but not a secret. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ROUTES = TOKEN_ROUTES.map((r) => ({ words: r.prefix.split("/").filter(Boolean), siblings: r.siblings ?? [] }));

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A segment that could hold a token: one of a token link's, or any long run of token characters. */
function secretLooking(segment: string): boolean {
  const plain = decoded(segment).replace(/\.data$/, "");
  return TOKEN_RUN.test(plain) && !SLUG.test(plain);
}

/**
 * The path as it may be logged: no query string or fragment (they can carry personal data) and no
 * token. After the words of a token link (app/lib/token-routes.ts, matched as the router matches:
 * decoded, any case) every segment is masked, whatever follows the token (`.data`, a slash, more);
 * elsewhere any segment that looks like a token is.
 */
export function loggablePath(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? "/";
  const segments = pathname.split("/");
  const words = segments.map((s) => decoded(s).toLowerCase());
  const masked = segments.map((segment) => (secretLooking(segment) ? "[token]" : segment));
  for (const route of ROUTES) {
    for (let i = 0; i + route.words.length <= words.length; i++) {
      if (!route.words.every((word, j) => words[i + j] === word)) continue;
      const rest = i + route.words.length;
      if (rest === words.length - 1 && route.siblings.includes(words[rest] ?? "")) continue;
      for (let k = rest; k < masked.length; k++) if (masked[k] !== "") masked[k] = "[token]";
    }
  }
  return masked.join("/");
}

/**
 * Text about to be logged (an error's message can quote the request's path) without a token: a
 * token link's token, and any run of token characters as long as one of ours.
 */
export function withoutTokens(text: string): string {
  return text
    .replace(TOKEN_LINK, (_link, prefix: string) => `${prefix}[token]`)
    .replace(/[A-Za-z0-9_-]{32,}/g, "[token]");
}
