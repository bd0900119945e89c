import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { bookings } from "../bookings/schema";

export const CARE_REASONS = ["missed", "low", "crisis"] as const;
export type CareReason = (typeof CARE_REASONS)[number];

/**
 * The check-ins after a booked session (issue 33; decision 013): one row per step of the schedule
 * (FOLLOW_UP_DAYS), due that many days after the session ended. The answers (WHO-5 points and the
 * free text) are sealed together for the member and the row; keepers never see them, only why a
 * check-in waits for them (`care_reason`) and by when (`care_due_at`).
 */
export const followUps = pgTable(
  "follow_ups",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** Or the ceremony place it follows (ceremonies' after-care; no reference: the account's deletion takes both). */
    placeId: integer("place_id"),
    /** Days after the session's end, as the schedule said when the session ended. */
    days: integer("days").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** When its email was claimed (sent, or not wanted); null: not yet. */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    sealed: text("sealed"),
    /** Why it waits for a keeper: not answered in time, a low score, or words of harm or danger. */
    careReason: text("care_reason", { enum: CARE_REASONS }),
    careUrgent: boolean("care_urgent").notNull().default(false),
    careDueAt: timestamp("care_due_at", { withTimezone: true }),
    careDoneAt: timestamp("care_done_at", { withTimezone: true }),
    careDoneByName: text("care_done_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("follow_ups_user_idx").on(t.userId, t.dueAt),
    index("follow_ups_due_idx").on(t.dueAt),
    uniqueIndex("follow_ups_booking_step_idx").on(t.bookingId, t.days),
    uniqueIndex("follow_ups_place_step_idx").on(t.placeId, t.days),
    // The keepers' queue in its order, a page at a time (issue 47), and its history's newest (queue.server.ts).
    index("follow_ups_waiting_idx")
      .on(t.careUrgent.desc().nullsFirst(), t.careDueAt, t.id)
      .where(sql`${t.careReason} is not null and ${t.careDoneAt} is null`),
    index("follow_ups_settled_idx")
      .on(t.careDoneAt)
      .where(sql`${t.careReason} is not null and ${t.careDoneAt} is not null`),
  ],
);
export type FollowUp = typeof followUps.$inferSelect;
