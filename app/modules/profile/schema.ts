import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/** The member's own cards on /profile (SPEC.md "Profile and Settings"); personal, not sensitive. */
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
  timezone: text("timezone").notNull().default("America/New_York"),
  /** When the last weekly journal reminder went out (claimed by one UPDATE, so never twice in a week). */
  journalRemindedAt: timestamp("journal_reminded_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The medical record: sensitive, sealed with AES-256-GCM (app/lib/encryption.server.ts) as one
 * JSON value bound to the member's id. Private by default: no staff member can read it then.
 */
export const medicalRecords = pgTable("medical_records", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sealed: text("sealed").notNull(),
  isPrivate: boolean("is_private").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
