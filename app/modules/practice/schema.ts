import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/** The member's ticks on the day-of checklist (app/content/preparation.ts); one row per ticked item. */
export const checklistTicks = pgTable(
  "checklist_ticks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** A guided meditation sat to its end (app/content/meditations.ts). */
export const meditationSits = pgTable(
  "meditation_sits",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    meditationId: text("meditation_id").notNull(),
    seconds: integer("seconds").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("meditation_sits_user_idx").on(t.userId, t.completedAt)],
);
