import { date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/** The daily emotional check-in: one per member per day (their own calendar day), changeable that day. */
export const checkins = pgTable(
  "checkins",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    emotion: text("emotion").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
