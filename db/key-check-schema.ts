/** The start-up checks' tables, apart from their code (db/key-check.ts) so that db/schema.ts needs no client. */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One sealed known value per encryption key id that has ever sealed records here. At start-up
 * each must open with DATA_ENCRYPTION_KEY: a restore without the old keys, or a key typed
 * wrong, is refused with a message before any page could fail on a record it cannot open.
 */
export const encryptionKeyChecks = pgTable("encryption_key_checks", {
  keyId: text("key_id").primaryKey(),
  sealed: text("sealed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A digest of each other start-up secret this database depends on (AUTH_SECRET: session cookies and
 * the staff's two-factor secrets): a restore under a different one is refused at start.
 */
export const secretChecks = pgTable("secret_checks", {
  name: text("name").primaryKey(),
  digest: text("digest").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
