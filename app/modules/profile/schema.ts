import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

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
