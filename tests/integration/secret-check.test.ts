import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { checkAuthSecret, SecretMismatchError } from "../../db/key-check";
import { secretChecks } from "../../db/key-check-schema";
import { describeEachBackend, openTestDatabase } from "../support/database";

const secret = "the-first-auth-secret-0123456789abcdef";
const other = "another-auth-secret-0123456789abcdefgh";

describeEachBackend("the AUTH_SECRET check at start", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());

  it("records a keyed digest the first time, never the secret nor its plain hash", async () => {
    await checkAuthSecret(database.db, secret);
    const rows = await database.db.select().from(secretChecks);
    expect(rows.map((row) => row.name)).toEqual(["AUTH_SECRET"]);
    const digest = rows[0]?.digest ?? "";
    expect(digest).not.toContain(secret);
    for (const encoding of ["hex", "base64", "base64url"] as const) {
      expect(digest).not.toBe(createHash("sha256").update(secret).digest(encoding));
    }
  });

  it("passes with the same secret and refuses another with one clear message", async () => {
    await checkAuthSecret(database.db, secret);
    const refused = checkAuthSecret(database.db, other);
    await expect(refused).rejects.toBeInstanceOf(SecretMismatchError);
    await expect(refused).rejects.toThrow(/^Refusing to start: AUTH_SECRET differs from the one this database/);
  });

  it("lets exactly one of two processes starting together with different secrets record its own", async () => {
    await database.db.delete(secretChecks);
    const results = await Promise.allSettled([
      checkAuthSecret(database.db, secret),
      checkAuthSecret(database.db, other),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await database.db.select().from(secretChecks)).toHaveLength(1);
  });
});
