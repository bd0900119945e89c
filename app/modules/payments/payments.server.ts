import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { type CompletedCapture, type PaymentProvider, PaymentProviderError } from "./provider";
import { providerFor } from "./providers.server";
import { type Payment, type PaymentPurpose, payments } from "./schema";

export interface StartPaymentInput {
  purpose: PaymentPurpose;
  /** Decided by our server (an offer's price, a validated gift): never the browser's say. */
  amountCents: number;
  /** Of the amount, what the payer chose to add for the processor's fee. */
  feeCents?: number;
  description: string;
  payerName: string;
  payerEmail: string;
  userId: string | null;
  card?: { last4: string; name: string };
}

/**
 * Our record of a payment about to be asked for, alone: a form stores it with its one-time key
 * (in that transaction), and asks the provider afterwards, outside it (orderPayment).
 */
export async function recordPayment(db: Db, env: Env, input: StartPaymentInput): Promise<string> {
  const id = randomUUID();
  await db.insert(payments).values({
    id,
    purpose: input.purpose,
    provider: providerFor(db, env).name,
    amountCents: input.amountCents,
    feeCents: input.feeCents ?? 0,
    description: input.description,
    payerName: input.payerName,
    payerEmail: input.payerEmail,
    userId: input.userId,
    cardLast4: input.card?.last4 ?? null,
  });
  return id;
}

/**
 * Asks the provider for a recorded payment's order. Asked again (a resent form), it gives back the
 * same order: PayPal answers a repeated create with the first (our payment id is its idempotency
 * key), and the test provider finds the order it made. A payment no longer waiting is refused.
 */
export async function orderPayment(db: Db, env: Env, id: string, card?: { last4: string; name: string }) {
  const provider = providerFor(db, env);
  const payment = await getPayment(db, id);
  if (payment?.status !== "created") {
    throw new PaymentProviderError(`payment ${payment?.status ?? "missing"}: no order`, false);
  }
  try {
    const order = await provider.createOrder({
      paymentId: id,
      amountCents: payment.amountCents,
      currency: "USD",
      description: payment.description,
      returnUrl: `${env.SITE_URL}/payments/return?payment=${id}`,
      cancelUrl: `${env.SITE_URL}/payments/return?payment=${id}&cancelled=1`,
      card,
    });
    await db.update(payments).set({ providerOrderId: order.orderId }).where(eq(payments.id, id));
    return { paymentId: id, approveUrl: order.approveUrl };
  } catch (error) {
    await markFailed(db, id, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

export async function getPayment(db: Db, id: string): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findPaymentByOrder(db: Db, orderId: string): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, orderId));
  return row ?? null;
}

export async function findPaymentByCapture(db: Db, captureId: string): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.captureId, captureId));
  return row ?? null;
}

async function markFailed(db: Db, id: string, reason: string) {
  await db
    .update(payments)
    .set({ status: "failed", failureReason: reason.slice(0, 500) })
    .where(and(eq(payments.id, id), eq(payments.status, "created")));
}

/** Who "refunded" a payment the site gave back by itself (shown in the console's Giving and Bookings). */
export const AUTOMATIC_REFUND = "Automatic refund";

/** What to do, in the same transaction, when a payment is captured or ends without money. */
export interface PaymentHooks {
  /** May the money be taken? (A booking whose slot is gone says no: nothing is charged.) */
  beforeCapture(db: Db, payment: Payment): Promise<boolean>;
  onCaptured(tx: Db, payment: Payment): Promise<void>;
  onEnded(tx: Db, payment: Payment): Promise<void>;
}

/**
 * Captures an approved payment and records it exactly once, however many times it is asked
 * (the payer's return and a webhook may race): the provider's capture is idempotent on our
 * payment id, and only the caller that moves the row out of "created" runs the hooks.
 * The captured amount must be the amount we recorded, or nothing is fulfilled.
 */
export async function completePayment(db: Db, env: Env, paymentId: string, hooks: PaymentHooks): Promise<Payment> {
  const payment = await getPayment(db, paymentId);
  if (!payment) throw new Error("payment not found");
  if (payment.status !== "created" || !payment.providerOrderId) return payment;
  const provider = providerFor(db, env);
  if (!(await hooks.beforeCapture(db, payment))) {
    // Nothing more is captured. But a capture of ours that timed out may have completed at the
    // provider since: that money goes back, or it would be kept with nothing given for it.
    const taken = await provider.capturedAlready(payment.providerOrderId);
    if (taken) return refundUnfulfilled(db, provider, payment, taken, hooks);
    const reason = "The booked time was no longer held.";
    return (await endPayment(db, payment.id, { status: "cancelled", failureReason: reason }, hooks)) ?? payment;
  }
  const result = await provider.captureOrder(payment.providerOrderId, payment.id);
  if (result.status === "not-approved") return payment;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (row?.status !== "created") return row as Payment;
    const matches =
      result.status === "completed" && result.amountCents === row.amountCents && result.currency === row.currency;
    const [updated] = await tx
      .update(payments)
      .set(
        matches
          ? { status: "captured", captureId: result.captureId, capturedAt: new Date() }
          : {
              status: result.status === "declined" ? "declined" : "failed",
              failureReason: result.status === "declined" ? result.reason : "Captured amount differs from the order.",
            },
      )
      .where(eq(payments.id, paymentId))
      .returning();
    if (!updated) throw new Error("payment vanished");
    if (matches) await hooks.onCaptured(tx, updated);
    else await hooks.onEnded(tx, updated);
    return updated;
  });
}

/** Refunds money taken for something we can no longer give, and records both the capture and the refund. */
async function refundUnfulfilled(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  capture: CompletedCapture,
  hooks: PaymentHooks,
): Promise<Payment> {
  // Idempotent on our payment id: a second handler racing this one cannot refund twice.
  await provider.refundCapture(capture.captureId, payment.id);
  const now = new Date();
  const ended = await endPayment(
    db,
    payment.id,
    {
      status: "refunded",
      captureId: capture.captureId,
      capturedAt: now,
      refundedAt: now,
      refundedByName: AUTOMATIC_REFUND,
      failureReason: "Captured after the booked time was no longer held; refunded in full.",
    },
    hooks,
  );
  return ended ?? payment;
}

/** The payer cancelled at the provider: the payment ends without money (holds are released). */
export const cancelPayment = (db: Db, paymentId: string, hooks: PaymentHooks) =>
  endPayment(db, paymentId, { status: "cancelled", failureReason: null }, hooks);

/**
 * Ends a payment still under way, once, and lets its purpose release what it held: cancelled or
 * failed without money, or refunded because what it paid for could no longer be given.
 */
async function endPayment(
  db: Db,
  paymentId: string,
  ending: Partial<Payment> & { status: "cancelled" | "failed" | "refunded" },
  hooks: PaymentHooks,
): Promise<Payment | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set(ending)
      .where(and(eq(payments.id, paymentId), eq(payments.status, "created")))
      .returning();
    if (updated) await hooks.onEnded(tx, updated);
    return updated ?? (await getPayment(tx, paymentId));
  });
}

/** Refunds a captured payment at the provider and records who did it. */
export async function refundPayment(db: Db, env: Env, paymentId: string, staffName: string) {
  const payment = await getPayment(db, paymentId);
  if (payment?.status !== "captured" || !payment.captureId) return null;
  await providerFor(db, env).refundCapture(payment.captureId, payment.id);
  const [updated] = await db
    .update(payments)
    .set({ status: "refunded", refundedAt: new Date(), refundedByName: staffName })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["captured"])))
    .returning();
  return updated ?? null;
}

export { PaymentProviderError };
