import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import {
  cancelPayment,
  completePayment,
  findPaymentByCapture,
  findPaymentByOrder,
  getPayment,
  orderPayment,
  type PaymentHooks,
} from "./payments.server";
import type { WebhookEvent } from "./provider";
import { handlersFor } from "./purposes.server";
import { type Payment, paymentEvents, payments } from "./schema";
import { changeOf, subscriptionHandlers } from "./subscription-handlers.server";

/** What a captured or ended payment means: whatever its purpose registered (purposes.server.ts). */
function hooksFor(env: Env): PaymentHooks {
  return {
    async beforeCapture(db, payment) {
      return (await handlersFor(payment.purpose).beforeCapture?.(db, payment)) ?? true;
    },
    async onCaptured(tx, payment) {
      await handlersFor(payment.purpose).onCaptured(tx, env, payment);
    },
    async onEnded(tx, payment) {
      await handlersFor(payment.purpose).onEnded?.(tx, payment);
    },
  };
}

export const completeAndFulfil = (db: Db, env: Env, paymentId: string) =>
  completePayment(db, env, paymentId, hooksFor(env));

/**
 * Carries a recorded payment on from wherever it stands, so a resent form never charges twice:
 * captured already is captured; ended is failed; waiting is ordered (the same order again, when
 * asked again) and then either approved at the provider (a redirect) or captured at once (test
 * card fields). Provider failures are thrown (PaymentProviderError), never inside a transaction.
 */
export async function carryOutPayment(
  db: Db,
  env: Env,
  paymentId: string,
  card?: { last4: string; name: string },
): Promise<{ kind: "redirect"; url: string } | { kind: "captured" } | { kind: "failed" }> {
  const payment = await getPayment(db, paymentId);
  if (payment?.status === "captured") return { kind: "captured" };
  if (payment?.status !== "created") return { kind: "failed" };
  const started = await orderPayment(db, env, paymentId, card);
  if (started.approveUrl) return { kind: "redirect", url: started.approveUrl };
  const done = await completeAndFulfil(db, env, paymentId);
  return done.status === "captured" ? { kind: "captured" } : { kind: "failed" };
}

export const cancelAndRelease = (db: Db, env: Env, paymentId: string) => cancelPayment(db, paymentId, hooksFor(env));

/**
 * The events that say money went back to the payer: a refund made at PayPal, or a reversal (a
 * dispute won by the payer), of a one-time payment's capture or of a subscription's collection (a sale).
 */
const MONEY_RETURNED = new Set([
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "PAYMENT.SALE.REFUNDED",
  "PAYMENT.SALE.REVERSED",
]);

/** A subscription's collection or change, handed to recurring gifts; null when the event is not one. */
async function subscriptionEvent(db: Db, env: Env, event: WebhookEvent) {
  if (event.sale) return subscriptionHandlers().onCollected(db, env, event.sale);
  const change = changeOf(event.eventType);
  if (event.subscription && change) return subscriptionHandlers().onChanged(db, env, change, event.subscription);
  return null;
}

/**
 * A verified PayPal webhook. An event id already handled changes nothing (a replay). An
 * approved order is captured as if the payer had returned; a completed capture is recorded; a
 * refund or reversal made at PayPal marks the payment refunded and undoes what it paid for (the
 * gift leaves the statement, the session is cancelled), once, in one transaction. Deliveries may
 * come out of order: money returned on a capture we have not recorded yet is "early", not
 * recorded as handled, so the route asks PayPal to deliver it again later (by then the capture's
 * own event, or the payer's return, has recorded it).
 */
export async function handleWebhook(db: Db, env: Env, event: WebhookEvent): Promise<"handled" | "duplicate" | "early"> {
  const [seen] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return "duplicate";
  const recurring = await subscriptionEvent(db, env, event);
  if (recurring === "early") return "early";
  const payment: Payment | null = event.orderId
    ? await findPaymentByOrder(db, event.orderId)
    : event.captureId
      ? await findPaymentByCapture(db, event.captureId)
      : null;
  if (MONEY_RETURNED.has(event.eventType)) {
    if (!payment || payment.status === "created") return "early";
    await db.transaction(async (tx) => {
      const [returned] = await tx
        .update(payments)
        .set({ status: "refunded", refundedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "captured")))
        .returning();
      if (returned) await handlersFor(returned.purpose).onRefunded?.(tx, env, returned);
    });
  } else if (
    payment &&
    (event.eventType === "CHECKOUT.ORDER.APPROVED" || event.eventType === "PAYMENT.CAPTURE.COMPLETED")
  ) {
    await completeAndFulfil(db, env, payment.id);
  }
  // Recorded only once handled: if handling failed, PayPal's retry is handled again (capture is idempotent).
  await db.insert(paymentEvents).values({ id: event.id, eventType: event.eventType }).onConflictDoNothing();
  return "handled";
}
