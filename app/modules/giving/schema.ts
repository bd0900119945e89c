import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { applications } from "../intake/schema";
import { payments } from "../payments/schema";

/**
 * Gifts to the congregation: an offering from /donation, or a ceremony donation after an
 * application. Paid sessions are bookings, never gifts (a giving statement lists gifts only).
 * The id is the receipt number.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id),
    kind: text("kind", { enum: ["offering", "ceremony"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    applicationId: text("application_id").references(() => applications.id, { onDelete: "set null" }),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("gifts_given_idx").on(t.givenAt),
    index("gifts_user_idx").on(t.userId, t.givenAt),
    index("gifts_email_idx").on(t.donorEmail),
  ],
);
export type Gift = typeof gifts.$inferSelect;
