import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per limited key (bucket + subject): the count of the current fixed window and of the
 * one before it, from which rate-limit.server.ts estimates a sliding window.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    /** The count of the window just before windowStart (0 when that window saw none). */
    previousCount: integer("previous_count").notNull().default(0),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);
