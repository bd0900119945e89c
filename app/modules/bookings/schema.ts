import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { payments } from "../payments/schema";

export const bookingStatuses = [
  "held",
  "requested",
  "approved",
  "confirmed",
  "cancelled",
  "declined",
  "expired",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Paid online sessions. "held": payment under way (the hold ends at holdExpiresAt); "requested":
 * a mentorship awaiting a keeper; "approved": awaiting payment; "confirmed": paid. While in one of
 * those four states a booking owns its slot: the partial unique index makes two of them at one
 * instant impossible, whatever the number of app instances.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    offerId: text("offer_id", { enum: ["preparation", "microdose"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    minutes: integer("minutes").notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    fullName: text("full_name").notNull(),
    /** The booker's time zone (their browser's, or their profile's), for times in their mails; null: New York only. */
    timeZone: text("time_zone"),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    paymentId: text("payment_id").references(() => payments.id),
    /** Hash of the single-use link that cancels or reschedules without signing in. */
    manageTokenHash: text("manage_token_hash"),
    decidedByName: text("decided_by_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the one "how was it?" invitation to record the session's integration was settled (sent or not wanted). */
    integrationPromptAt: timestamp("integration_prompt_at", { withTimezone: true }),
    /** When the session's follow-up check-ins were planned (follow-ups module), once. */
    followUpsPlannedAt: timestamp("follow_ups_planned_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * The calendar event's SEQUENCE (RFC 5545): 0 when first confirmed, raised by each reschedule and the
     * cancellation in the same transaction, so a calendar replaces or removes the event it holds (UID: the id).
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bookings_one_per_slot")
      .on(t.startsAt)
      .where(sql`${t.status} in ('held', 'requested', 'approved', 'confirmed')`),
    index("bookings_starts_idx").on(t.startsAt),
    index("bookings_user_idx").on(t.userId),
    index("bookings_email_idx").on(t.email),
    uniqueIndex("bookings_manage_token_idx").on(t.manageTokenHash),
    index("bookings_payment_idx").on(t.paymentId),
  ],
);
export type Booking = typeof bookings.$inferSelect;

/** Days the keepers closed (New York calendar days). */
export const blockedDays = pgTable("blocked_days", {
  day: text("day").primaryKey(),
  reason: text("reason").notNull(),
  blockedByName: text("blocked_by_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
