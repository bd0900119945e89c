import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

import { applicationStatuses } from "./application-status";
import { accessRequestStatuses } from "./validation";

export { type ApplicationStatus, applicationStatuses } from "./application-status";
export { type AccessRequestStatus, accessRequestStatuses } from "./validation";

/** "Request Sacred Access": people asking to become members, vetted by Temple Keepers. */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    reason: text("reason").notNull(),
    experience: text("experience"),
    status: text("status", { enum: accessRequestStatuses }).notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who decided and when (the console's "every decision records who and when"). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedById: text("decided_by_id"),
    decidedByName: text("decided_by_name"),
    decisionMessage: text("decision_message"),
    /** The member account created on approval, or the account that made or linked the request. */
    userId: text("user_id"),
  },
  (t) => [
    index("access_requests_status_idx").on(t.status, t.createdAt),
    index("access_requests_user_idx").on(t.userId),
  ],
);

/**
 * Readiness quiz answers (the spec's quiz submission record): the option texts, the recommendation shown,
 * the browser cut to 100.
 */
export const quizSubmissions = pgTable(
  "quiz_submissions",
  {
    id: serial("id").primaryKey(),
    /** The member who answered while signed in, or who later linked it from a proven address. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    answers: jsonb("answers").$type<Record<string, string>>().notNull(),
    recommendation: text("recommendation").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quiz_submissions_created_idx").on(t.createdAt),
    index("quiz_submissions_recommendation_idx").on(t.recommendation, t.id),
    index("quiz_submissions_user_idx").on(t.userId),
    index("quiz_submissions_email_idx").on(t.email),
  ],
);

/**
 * Ceremony applications ("heroic application"). Contact details in the clear for the console's
 * lists; the four health answers and the screening flags sealed together (AAD = the row's id).
 */
export const applications = pgTable(
  "applications",
  {
    id: text("id").primaryKey(),
    /** The member who applied while signed in, or who later linked it from a proven address. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    age: integer("age").notNull(),
    city: text("city").notNull(),
    phone: text("phone").notNull(),
    emergencyContact: text("emergency_contact").notNull(),
    emergencyPhone: text("emergency_phone").notNull(),
    sealed: text("sealed").notNull(),
    flagCount: integer("flag_count").notNull(),
    status: text("status", { enum: applicationStatuses }).notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("applications_status_idx").on(t.status, t.createdAt),
    index("applications_email_idx").on(t.email),
    index("applications_user_idx").on(t.userId),
  ],
);

/**
 * What staff did with an application: decisions (a new status, with the message emailed) and
 * notes (staff only). Text sealed: notes often quote health answers. Who and when, always.
 */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: serial("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["decision", "note"] }).notNull(),
    status: text("status", { enum: applicationStatuses }),
    sealed: text("sealed"),
    staffId: text("staff_id").notNull(),
    staffName: text("staff_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_events_application_idx").on(t.applicationId, t.id)],
);
