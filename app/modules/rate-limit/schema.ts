import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One row per limited key (bucket + subject); a fixed window that restarts when it lapses. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);
