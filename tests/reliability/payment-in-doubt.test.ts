import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookableRange } from "../../app/modules/bookings/time";
import { bookings, gifts, paymentEvents, payments, rateLimits } from "../../db/schema";
import { type PaypalStandIn, paypalSettings, signedWebhook, startPaypalStandIn } from "../support/paypal-stand-in";
import { postForm, startTestServer, type TestServer } from "../support/server";
import { POSTGRES_URL, postgresNote, sleep } from "./support/env";
import { startInterposer } from "./support/http-interposer";

/**
 * Payments whose outcome PayPal knows and we do not yet: a webhook whose handling failed, and a
 * capture PayPal completed after our call had timed out. Money taken must end as a gift, a
 * confirmed booking, or a refund; never kept with nothing to show for it.
 */
for (const backend of ["pglite", "postgres"] as const) {
  const skip = backend === "postgres" && !POSTGRES_URL;
  describe.skipIf(skip)(`payments in doubt [${backend}]${backend === "postgres" ? postgresNote : ""}`, () => {
    let paypal: PaypalStandIn;
    let interposer: Awaited<ReturnType<typeof startInterposer>>;
    let server: TestServer;
    const db = () => server.database.db;

    beforeAll(async () => {
      paypal = await startPaypalStandIn();
      interposer = await startInterposer(paypal.url);
      server = await startTestServer(backend, {
        ...paypalSettings(interposer.url),
      });
    });
    afterAll(async () => {
      await server?.close();
      await interposer?.close();
      await paypal?.close();
    });
    beforeEach(async () => {
      for (const table of [rateLimits, gifts, bookings, payments, paymentEvents]) await db().delete(table);
    });

    const orderOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
    const paymentOfOrder = async (orderId: string) =>
      (await db().select().from(payments).where(eq(payments.providerOrderId, orderId)))[0];
    const deliver = (event: object) => {
      const { headers, body } = signedWebhook(event);
      return fetch(`${server.url}/payments/webhook`, { method: "POST", headers, body });
    };

    it("handles a webhook again when PayPal retries it after our handling failed", async () => {
      const started = await postForm(server, "/donation", {
        donorName: "Ana Ruiz",
        email: "ana@example.org",
        amount: "108",
        intent: "give",
      });
      const orderId = orderOf(started.headers.get("location") ?? "");
      paypal.approve(orderId); // the payer approves and closes the tab: only the webhook will tell us
      const event = { id: "WH-RETRIED-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } };
      interposer.fail(/^POST \/v2\/checkout\/orders\/[^/]+\/capture$/, 503);
      // The first delivery's failure is the point of the test; React Router logs it with console.error.
      vi.spyOn(console, "error").mockImplementation(() => {});
      const first = await deliver(event);
      expect(first.status, "a failed handling asks PayPal to deliver again").toBeGreaterThanOrEqual(500);

      // PayPal redelivers the same event (same id) later.
      const retry = await deliver(event);
      expect(retry.status).toBe(204);
      expect((await paymentOfOrder(orderId))?.status, "captured on the retried delivery").toBe("captured");
      expect(await db().select().from(gifts)).toHaveLength(1);
    });

    // payments.server.ts asks PayPal before giving up on a payment whose slot is gone, and refunds what it took.
    it("never keeps a capture that completed after our timeout without its booking or a refund", async () => {
      const slot = { offerId: "preparation", day: bookableRange().first, time: "18:00" };
      const held = await postForm(server, "/bookings", { ...slot, fullName: "Ana Ruiz", email: "ana@example.org" });
      expect(held.status).toBe(303);
      const orderId = orderOf(held.headers.get("location") ?? "");
      const payment = await paymentOfOrder(orderId);
      paypal.approve(orderId);
      // PayPal captures, but only after our 10-second limit: we answer an error, PayPal has the money.
      paypal.delayNext(11_000);
      const back = await postForm(server, `/payments/return?payment=${payment?.id}`, { payment: payment?.id ?? "" });
      expect(back.status).toBe(502);
      await sleep(1500);
      const capture = paypal.orders.get(orderId)?.captures[0];
      expect(capture?.status).toBe("COMPLETED");

      // The hold stretched for the capture lapses (stands for its 5 minutes passing) and someone else books.
      await db()
        .update(bookings)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(bookings.paymentId, payment?.id ?? ""));
      const other = await postForm(server, "/bookings", { ...slot, fullName: "Ben", email: "ben@example.org" });
      expect(other.status).toBe(303);

      // PayPal then reports the completed capture.
      const hook = await deliver({
        id: "WH-LATE-CAPTURE",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: { id: capture?.id, supplementary_data: { related_ids: { order_id: orderId } } },
      });
      expect(hook.status).toBe(204);
      const [mine] = await db()
        .select()
        .from(bookings)
        .where(eq(bookings.paymentId, payment?.id ?? ""));
      const refunded = (paypal.orders.get(orderId)?.refunds.length ?? 0) > 0;
      const recorded = await paymentOfOrder(orderId);
      expect(
        { booking: mine?.status, refundedAtPaypal: refunded, payment: recorded?.status },
        "the money taken is either a confirmed booking or refunded, and our record says which",
      ).toSatisfy(
        (s: { booking?: string; refundedAtPaypal: boolean; payment?: string }) =>
          (s.booking === "confirmed" && s.payment === "captured") || (s.refundedAtPaypal && s.payment === "refunded"),
      );
    });
  });
}
