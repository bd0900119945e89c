import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Application-level encryption for sensitive records (DESIGN.md "Data and privacy"):
 * AES-256-GCM, a fresh 96-bit IV per value, and the key id in front of every ciphertext so
 * keys can be rotated (new values use the first key; older ids stay readable).
 *
 * `context` is bound as additional authenticated data: a ciphertext copied onto another
 * member's row (or another field) fails to open instead of revealing someone else's text.
 */
export interface Keyring {
  currentId: string;
  keys: Map<string, Buffer>;
}

export function parseKeyring(spec: string | undefined): Keyring {
  if (!spec) throw new Error("DATA_ENCRYPTION_KEY is not set");
  const keys = new Map<string, Buffer>();
  for (const pair of spec.split(",")) {
    const [id, material] = pair.split(":");
    const key = Buffer.from(material ?? "", "base64");
    if (!id || key.length !== 32) throw new Error(`DATA_ENCRYPTION_KEY entry "${id}" is not a 32-byte key`);
    keys.set(id, key);
  }
  const currentId = spec.split(":")[0] as string;
  return { currentId, keys };
}

const cache = new Map<string, Keyring>();
export function keyringFor(spec: string | undefined): Keyring {
  const key = spec ?? "";
  let ring = cache.get(key);
  if (!ring) {
    ring = parseKeyring(spec);
    cache.set(key, ring);
  }
  return ring;
}

export function seal(ring: Keyring, plaintext: string, context: string): string {
  const key = ring.keys.get(ring.currentId) as Buffer;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${ring.currentId}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

export function open(ring: Keyring, sealed: string, context: string): string {
  const separator = sealed.indexOf(":");
  const key = ring.keys.get(sealed.slice(0, separator));
  if (!key) throw new Error("encrypted with an unknown key id");
  const raw = Buffer.from(sealed.slice(separator + 1), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** Seals a JSON-serialisable value; `openJson` reverses it. */
export function sealJson(ring: Keyring, value: unknown, context: string): string {
  return seal(ring, JSON.stringify(value), context);
}
export function openJson<T>(ring: Keyring, sealed: string, context: string): T {
  return JSON.parse(open(ring, sealed, context)) as T;
}
