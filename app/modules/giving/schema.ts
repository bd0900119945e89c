import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
    /** Everything given, the covered fee included. */
    amountCents: integer("amount_cents").notNull(),
    /** Of the amount, what the donor added to cover the processor's fee ("cover the fee"). */
    feeCents: integer("fee_cents").notNull().default(0),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    applicationId: text("application_id").references(() => applications.id, { onDelete: "set null" }),
    /** The recurring gift this was one collection of. */
    recurringId: text("recurring_id").references((): AnyPgColumn => recurringGifts.id, { onDelete: "set null" }),
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

export const recurringIntervals = ["month", "year"] as const;
export const recurringStatuses = ["pending", "active", "paused", "cancelled"] as const;
export type RecurringStatus = (typeof recurringStatuses)[number];

/**
 * A recurring offering (issue 34): a member gives every month or year through a provider's
 * subscription, and manages it from their profile. Each collection the provider makes is a gift
 * with its receipt (gifts.recurring_id). pending: not approved at the provider yet; paused: by the
 * donor, or by the provider after collections failed (failed_payments says which); cancelled: it
 * never collects again.
 */
export const recurringGifts = pgTable(
  "recurring_gifts",
  {
    /** Ours: the subscription's custom_id and the idempotency key of its creation. */
    id: text("id").primaryKey(),
    /** A recurring gift belongs to an account: only its owner sees and changes it. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["paypal", "test"] }).notNull(),
    subscriptionId: text("subscription_id").unique(),
    interval: text("interval", { enum: recurringIntervals }).notNull(),
    /** The gift each period, and the fee added to it when the donor covers the fee. */
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    status: text("status", { enum: recurringStatuses }).notNull().default("pending"),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    /** Collections that failed in a row (the provider retries, then pauses); 0 after one goes through. */
    failedPayments: integer("failed_payments").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    nextBillingAt: timestamp("next_billing_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [index("recurring_gifts_user_idx").on(t.userId), index("recurring_gifts_status_idx").on(t.status)],
);
export type RecurringGift = typeof recurringGifts.$inferSelect;
