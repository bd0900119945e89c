import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { CaptureResult, CreatedOrder, CreateOrderInput, PaymentProvider } from "./provider";
import { testProviderOrders } from "./schema";
import { testSubscriptions } from "./test-subscriptions.server";

/**
 * The card whose last four digits decline in test mode (like the card networks' test numbers
 * ending 0002). Every other test card is approved.
 */
export const DECLINED_TEST_CARD_LAST4 = "0002";

/**
 * The local test provider: no money moves. Orders live in our database; the payer approves or
 * declines them on /payments/test/{order} (every screen says "test mode"), or, with the test
 * card fields, at once by the card's last four digits.
 */
export function testProvider(db: Db, siteUrl: string): PaymentProvider {
  return {
    name: "test",
    cardFields: true,
    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      // Like PayPal with its idempotency key: asked again for a payment (even at the same moment),
      // the first order; the unique payment id makes the second insert a no-op.
      const status = input.card ? (input.card.last4 === DECLINED_TEST_CARD_LAST4 ? "declined" : "approved") : "created";
      await db
        .insert(testProviderOrders)
        .values({
          id: `TEST-${randomUUID()}`,
          paymentId: input.paymentId,
          amountCents: input.amountCents,
          description: input.description,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          status,
        })
        .onConflictDoNothing({ target: testProviderOrders.paymentId });
      const [made] = await db
        .select()
        .from(testProviderOrders)
        .where(eq(testProviderOrders.paymentId, input.paymentId));
      if (!made) throw new Error("test order insert left no row");
      return {
        orderId: made.id,
        approveUrl: made.status === "created" ? `${siteUrl}/payments/test/${made.id}` : null,
      };
    },
    async captureOrder(orderId: string): Promise<CaptureResult> {
      const [order] = await db.select().from(testProviderOrders).where(eq(testProviderOrders.id, orderId));
      if (!order) return { status: "declined", reason: "No such test order." };
      if (order.status === "declined") return { status: "declined", reason: "The test card was declined." };
      if (order.status === "created") return { status: "not-approved" };
      if (order.status === "approved") {
        await db.update(testProviderOrders).set({ status: "captured" }).where(eq(testProviderOrders.id, orderId));
      }
      return { status: "completed", captureId: `CAPTURE-${orderId}`, amountCents: order.amountCents, currency: "USD" };
    },
    async capturedAlready(orderId: string) {
      const [order] = await db.select().from(testProviderOrders).where(eq(testProviderOrders.id, orderId));
      if (order?.status !== "captured" && order?.status !== "refunded") return null;
      return { captureId: `CAPTURE-${orderId}`, amountCents: order.amountCents, currency: "USD" };
    },
    async refundCapture(captureId: string) {
      const orderId = captureId.replace(/^CAPTURE-/, "");
      await db.update(testProviderOrders).set({ status: "refunded" }).where(eq(testProviderOrders.id, orderId));
      return { refundId: `REFUND-${orderId}` };
    },
    // The test provider sends no webhooks: its collections reach us directly (test-collections.server.ts).
    async verifyWebhook() {
      return null;
    },
    subscriptions: testSubscriptions(db, siteUrl),
  };
}

/** The test approval page's answer: approve or decline an order that waits. */
export async function decideTestOrder(db: Db, orderId: string, decision: "approved" | "declined") {
  const [order] = await db.select().from(testProviderOrders).where(eq(testProviderOrders.id, orderId));
  if (order?.status !== "created") return order ?? null;
  await db.update(testProviderOrders).set({ status: decision }).where(eq(testProviderOrders.id, orderId));
  return { ...order, status: decision };
}

export async function getTestOrder(db: Db, orderId: string) {
  const [order] = await db.select().from(testProviderOrders).where(eq(testProviderOrders.id, orderId));
  return order ?? null;
}
