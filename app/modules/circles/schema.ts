import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/**
 * Integration circles (issue 33): group gatherings online that keepers schedule. The video link is
 * given only to those with a place (their email, their calendar event, the circle's page while they
 * have one). `sequence` is the calendar event's SEQUENCE (RFC 5545), raised with each change and the
 * cancellation, so a calendar moves or removes the event it holds (UID: the circle's id).
 */
export const circles = pgTable(
  "circles",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    minutes: integer("minutes").notNull(),
    capacity: integer("capacity").notNull(),
    videoUrl: text("video_url").notNull(),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    sequence: integer("sequence").notNull().default(0),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("circles_starts_idx").on(t.startsAt)],
);
export type Circle = typeof circles.$inferSelect;

/**
 * Who joined a circle: a place (`attending`), a place on the waitlist (`waitlisted`, in the order
 * they joined), or one given up (`left`). One row per member and circle; only keepers see the list.
 */
export const circleSignups = pgTable(
  "circle_signups",
  {
    id: serial("id").primaryKey(),
    circleId: integer("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["attending", "waitlisted", "left"] }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("circle_signups_one_idx").on(t.circleId, t.userId),
    index("circle_signups_waitlist_idx").on(t.circleId, t.joinedAt).where(sql`${t.status} = 'waitlisted'`),
    index("circle_signups_user_idx").on(t.userId),
  ],
);
export type CircleSignup = typeof circleSignups.$inferSelect;
