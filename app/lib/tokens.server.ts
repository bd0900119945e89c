import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token (256 bits) and the hash we store instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The subject of a form reached by an emailed link, whose token is its only credential: the link
 * names the record (by the token's hash, never the token, which is kept nowhere).
 */
export const linkSubject = (kind: string, token: string) => `${kind}:${hashToken(token)}`;
