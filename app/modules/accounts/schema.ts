import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/*
 * The tables better-auth reads and writes (core + username, admin and two-factor plugins).
 * Property names are better-auth's field names; columns are snake_case.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export { type Role, roles } from "./roles";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    username: text("username").unique(),
    displayUsername: text("display_username"),
    role: text("role").notNull().default("member"),
    /** better-auth's "ban" is our "disabled account". */
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
  },
  (t) => [index("users_role_idx").on(t.role), index("users_created_idx").on(t.createdAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /**
     * This session itself passed the second factor (signed in with a code, stepped up, or enrolled).
     * Only such a session opens the console: two-factor belongs to the session, not the account.
     */
    twoFactorVerified: boolean("two_factor_verified").notNull().default(false),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * Authenticator codes already accepted, so each works once (ASVS V6.5.1): a code stays valid for
 * its whole window, and a replayed one must not open a second session. Rows older than the window
 * are deleted as new ones arrive (two-factor.server.ts).
 */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const invitationPurposes = ["invitation", "admin-setup"] as const;

/**
 * Single-use links that let a person set their username and password: "invitation" after an
 * approved access request (7 days, mailed only, so following it proves the address), "admin-setup"
 * from `npm run create-admin` (24 hours; also printed to the operator, so it proves nothing).
 * Only a SHA-256 of the token is stored: a database leak does not hand out accounts.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: invitationPurposes }).notNull().default("invitation"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_token_idx").on(t.tokenHash), index("invitations_user_idx").on(t.userId)],
);

/**
 * A new sign-in address waiting for its owner to follow the link sent to it (24 hours). Until
 * then the account keeps its old address; one pending change per account, replaced by a newer one.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_changes_token_idx").on(t.tokenHash)],
);

/** SPEC.md's default time zone, until a member chooses theirs. */
export const DEFAULT_TIMEZONE = "America/New_York";

/**
 * The member's own cards on /profile and their settings (SPEC.md "Profile and Settings"); personal,
 * not sensitive. One row per account, made with it (invitations, demo accounts), so it lives with
 * the account: the profile module reads and writes it; other domains ask `mail-settings.server.ts`.
 */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone").notNull().default(""),
  age: integer("age"),
  city: text("city").notNull().default(""),
  emergencyContact: text("emergency_contact").notNull().default(""),
  emergencyPhone: text("emergency_phone").notNull().default(""),
  shirtSize: text("shirt_size").notNull().default(""),
  pantSize: text("pant_size").notNull().default(""),
  shoeSize: text("shoe_size").notNull().default(""),
  specialRequests: text("special_requests").notNull().default(""),
  dietaryRestrictions: text("dietary_restrictions").notNull().default(""),
  dietaryPreferences: text("dietary_preferences").notNull().default(""),
  dietaryAllergies: text("dietary_allergies").notNull().default(""),
  // Settings, with SPEC.md's defaults.
  emailNotifications: boolean("email_notifications").notNull().default(true),
  sessionReminders: boolean("session_reminders").notNull().default(true),
  integrationPrompts: boolean("integration_prompts").notNull().default(false),
  journalReminders: boolean("journal_reminders").notNull().default(true),
  /** Check-ins after a booked session (issue 33): on unless the member turns them off. */
  followUps: boolean("follow_ups").notNull().default(true),
  timezone: text("timezone").notNull().default(DEFAULT_TIMEZONE),
  /** When the last weekly journal reminder went out (claimed by one UPDATE, so never twice in a week). */
  journalRemindedAt: timestamp("journal_reminded_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
