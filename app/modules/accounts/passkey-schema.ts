import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema";

/**
 * An account's passkeys (WebAuthn credentials): the public key and the counter the authenticator
 * reports, never anything secret. A credential id is unique across the site, so a passkey names
 * one account; it goes with the account.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member's own name for it ("Phone", "Laptop"). */
    name: text("name").notNull(),
    /** base64url, as the browser reports it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** How the browser may reach it (usb, nfc, ble, internal, hybrid), comma-separated. */
    transports: text("transports").notNull().default(""),
    /** Synced between the owner's devices (a "multi-device" credential), as the authenticator says. */
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

export const webauthnPurposes = ["register", "sign-in", "second-factor"] as const;
export type WebauthnPurpose = (typeof webauthnPurposes)[number];

/**
 * One challenge per ceremony, claimed once (deleted as it is used) and valid for five minutes.
 * "register" and "second-factor" name the account they are for; a "sign-in" challenge names none
 * (the passkey says whose it is).
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").$type<WebauthnPurpose>().notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);
