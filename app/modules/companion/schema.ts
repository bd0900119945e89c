import { sql } from "drizzle-orm";
import { date, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/** The member's conversation with the Spirit Companion; message text sealed (sensitive). */
export const companionMessages = pgTable(
  "companion_messages",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "companion"] }).notNull(),
    sealed: text("sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("companion_messages_user_idx").on(t.userId, t.id)],
);

/** Saved insights (reflection, conversation, practice, vision); title and content sealed. */
export const insights = pgTable(
  "insights",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category", { enum: ["reflection", "conversation", "practice", "vision"] }).notNull(),
    sealed: text("sealed").notNull(),
    /**
     * What it was kept from, when that can be kept only once: "companion:<message id>" or
     * "practice:<day>:<practice id>". Unique per member, so a second press saves nothing new.
     */
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("insights_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("insights_user_source_idx").on(t.userId, t.source).where(sql`${t.source} is not null`),
  ],
);

/** Daily practices done, per member and per their own calendar day. */
export const practiceCompletions = pgTable(
  "practice_completions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    practiceId: text("practice_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.practiceId] })],
);
