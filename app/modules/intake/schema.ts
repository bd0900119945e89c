import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

import { accessRequestStatuses } from "./validation";

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
    /** The member account created on approval. */
    userId: text("user_id"),
  },
  (t) => [index("access_requests_status_idx").on(t.status, t.createdAt)],
);
