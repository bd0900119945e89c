import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

export const paymentPurposes = ["gift", "ceremony-gift", "booking"] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];
export const paymentStatuses = ["created", "captured", "declined", "failed", "cancelled", "refunded"] as const;

/**
 * One attempt to take money through a provider: what our server decided to charge and what the
 * provider says happened. Gifts and bookings point here; card data never does (last four at most).
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: paymentPurposes }).notNull(),
    provider: text("provider", { enum: ["paypal", "test"] }).notNull(),
    providerOrderId: text("provider_order_id"),
    captureId: text("capture_id"),
    amountCents: integer("amount_cents").notNull(),
    /** Of the amount, what the payer added to cover the processor's fee ("cover the fee"); 0 when they did not. */
    feeCents: integer("fee_cents").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    description: text("description").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("created"),
    failureReason: text("failure_reason"),
    payerName: text("payer_name").notNull(),
    payerEmail: text("payer_email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    cardLast4: text("card_last4"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundedByName: text("refunded_by_name"),
  },
  (t) => [
    uniqueIndex("payments_provider_order_idx").on(t.provider, t.providerOrderId),
    index("payments_purpose_idx").on(t.purpose, t.createdAt),
    index("payments_user_idx").on(t.userId),
  ],
);
export type Payment = typeof payments.$inferSelect;

/** Webhook deliveries already handled: a replayed event is recorded once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  eventType: text("event_type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The local test provider's orders (development and tests only): approved, declined or waiting. */
export const testProviderOrders = pgTable(
  "test_provider_orders",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    returnUrl: text("return_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    status: text("status", { enum: ["created", "approved", "declined", "captured", "refunded"] })
      .notNull()
      .default("created"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One order per payment, as PayPal's idempotency key gives: two simultaneous asks get one order.
  (t) => [uniqueIndex("test_provider_orders_payment_idx").on(t.paymentId)],
);

/**
 * PayPal's subscription plans, one per interval, made the first time a recurring gift needs one
 * (paypal-subscriptions.server.ts) and kept, so every instance and every restart uses the same plan.
 */
export const paypalPlans = pgTable("paypal_plans", {
  interval: text("interval", { enum: ["month", "year"] }).primaryKey(),
  planId: text("plan_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local test provider's subscriptions (development and tests only). Approved on the test
 * approval page, where collections may be set to fail (to see retries); collected by its own run
 * (test-subscriptions.server.ts), as PayPal collects on its schedule.
 */
export const testProviderSubscriptions = pgTable(
  "test_provider_subscriptions",
  {
    id: text("id").primaryKey(),
    recurringId: text("recurring_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: ["pending", "active", "suspended", "cancelled"] })
      .notNull()
      .default("pending"),
    /** Approved with "collections fail": each collection fails, as a card that no longer works. */
    failing: boolean("failing").notNull().default(false),
    failedPayments: integer("failed_payments").notNull().default(0),
    nextBillingAt: timestamp("next_billing_at", { withTimezone: true }),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    returnUrl: text("return_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_provider_subscriptions_recurring_idx").on(t.recurringId)],
);
