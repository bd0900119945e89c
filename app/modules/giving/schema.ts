import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { applications } from "../intake/schema";
import { payments } from "../payments/schema";

/**
 * Gifts to the congregation: an offering from /donation, a ceremony donation after an
 * application, or a gift given in person (cash or a cheque) that an admin recorded. Paid sessions are bookings, never gifts (a giving statement lists gifts only).
 * The id is the receipt number.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    /** The online payment; null for a gift given in person (cash or a cheque, recorded by an admin). */
    paymentId: text("payment_id")
      .unique()
      .references(() => payments.id),
    /** How it was given: online (PayPal), or in person as cash or a cheque. */
    method: text("method", { enum: ["online", "cash", "cheque"] })
      .notNull()
      .default("online"),
    chequeNumber: text("cheque_number"),
    /** The admin who recorded a gift given in person. */
    recordedByName: text("recorded_by_name"),
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
