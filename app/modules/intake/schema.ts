import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const accessRequestStatuses = ["new", "approved", "declined"] as const;

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
    /** Set when a keeper decides (the console, issue 3). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionMessage: text("decision_message"),
  },
  (t) => [index("access_requests_status_idx").on(t.status, t.createdAt)],
);
