import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Keyring, open, seal } from "../app/lib/encryption.server";
import type { Db } from "./client";
import { encryptionKeyChecks, secretChecks } from "./key-check-schema";

const KNOWN = "sacred-path-key-check";
const context = (keyId: string) => `key-check:${keyId}`;

/** A start-up secret that does not fit this database: the start is refused with the error's message. */
export class SecretMismatchError extends Error {}
export class EncryptionKeyMismatchError extends SecretMismatchError {}

/** Throws EncryptionKeyMismatchError naming the key ids that cannot open this database's records. */
export async function checkEncryptionKeys(db: Db, ring: Keyring): Promise<void> {
  const rows = await db.select().from(encryptionKeyChecks);
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const row of rows) {
    if (!ring.keys.has(row.keyId)) missing.push(row.keyId);
    else {
      try {
        if (open(ring, row.sealed, context(row.keyId)) !== KNOWN) wrong.push(row.keyId);
      } catch {
        wrong.push(row.keyId);
      }
    }
  }
  const problems = [
    wrong.length > 0 &&
      `DATA_ENCRYPTION_KEY holds a different key under the id ${wrong.map((id) => `"${id}"`).join(", ")} than the one this database's records were sealed with`,
    missing.length > 0 &&
      `records here were sealed with the key id ${missing.map((id) => `"${id}"`).join(", ")}, which DATA_ENCRYPTION_KEY does not hold`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new EncryptionKeyMismatchError(
      `Refusing to start: ${problems.join("; and ")}. Journals, profiles and other private records could not be read.\n` +
        "Set DATA_ENCRYPTION_KEY to the keys this database was written with (after a restore: the keys of the server " +
        'it came from; to rotate, put the new key first and keep the old ones after it, e.g. "k2:…,k1:…").',
    );
  }
  // The key new records are sealed with is recorded the first time it is used here.
  const current = ring.currentId;
  if (!rows.some((row) => row.keyId === current)) {
    await db
      .insert(encryptionKeyChecks)
      .values({ keyId: current, sealed: seal(ring, KNOWN, context(current)) })
      .onConflictDoNothing();
  }
  // Another process may have recorded it at the same moment: the row that stands must open.
  const [stored] = await db.select().from(encryptionKeyChecks).where(eq(encryptionKeyChecks.keyId, current));
  if (stored && open(ring, stored.sealed, context(current)) !== KNOWN) {
    throw new EncryptionKeyMismatchError(`Refusing to start: another server recorded a different key "${current}".`);
  }
}

/*
 * An HMAC of a fixed text under AUTH_SECRET: the same secret always gives the same digest, and the
 * digest tells nothing about the secret (a plain hash of it could be guessed offline from a backup).
 */
const AUTH_SECRET_CHECK = "AUTH_SECRET";
const authSecretDigest = (secret: string) =>
  createHmac("sha256", secret).update("sacred-path-secret-check:AUTH_SECRET").digest("base64url");

/**
 * Records AUTH_SECRET's digest the first time, then throws SecretMismatchError when it differs: under
 * another secret every session ends and staff two-factor secrets cannot be opened (sign-in fails).
 */
export async function checkAuthSecret(db: Db, secret: string): Promise<void> {
  const digest = authSecretDigest(secret);
  // Two processes starting together: one insert stands, and both compare with it.
  await db.insert(secretChecks).values({ name: AUTH_SECRET_CHECK, digest }).onConflictDoNothing();
  const [stored] = await db.select().from(secretChecks).where(eq(secretChecks.name, AUTH_SECRET_CHECK));
  if (stored && stored.digest !== digest) {
    throw new SecretMismatchError(
      "Refusing to start: AUTH_SECRET differs from the one this database was used with. Everyone would be signed " +
        "out and staff could not pass two-factor sign-in (their secrets are encrypted with it).\n" +
        "Set AUTH_SECRET to the value this database was written with (after a restore: the one of the server it " +
        "came from; a development start keeps it in DATA_DIR/secrets.json). To replace it on purpose, after a leak: " +
        'docs/deployment.md, "Secrets".',
    );
  }
}

/** Every start-up secret against this database (server start); throws SecretMismatchError. */
export async function checkStartSecrets(db: Db, secrets: { encryption: Keyring; authSecret: string }): Promise<void> {
  await checkEncryptionKeys(db, secrets.encryption);
  await checkAuthSecret(db, secrets.authSecret);
}
