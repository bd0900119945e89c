import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookableRange } from "../../app/modules/bookings/time";
import { bookings, gifts, mailOutbox, paymentEvents, payments, rateLimits } from "../../db/schema";
import { type PaypalStandIn, startServerWithPaypal } from "../support/paypal-stand-in";
import { postForm, type TestServer } from "../support/server";
import { POSTGRES_URL, postgresNote } from "./support/env";

const donor = { donorName: "Ana Ruiz", email: "ana@example.org", intent: "give" };
const GIVING_ERROR = "There was an issue processing your donation. Please try again.";
// The PayPal provider gives up on a call after 10 s (paypal.server.ts): "slow" is slower than that.
const SLOWER_THAN_TIMEOUT_MS = 11_000;

for (const backend of ["pglite", "postgres"] as const) {
  const skip = backend === "postgres" && !POSTGRES_URL;
  describe.skipIf(skip)(`PayPal failing or slow [${backend}]${backend === "postgres" ? postgresNote : ""}`, () => {
    let paypal: PaypalStandIn;
    let running: Awaited<ReturnType<typeof startServerWithPaypal>> | undefined;
    let server: TestServer;
    const db = () => server.database.db;

    beforeAll(async () => {
      running = await startServerWithPaypal(backend);
      ({ paypal, server } = running);
    });
    afterAll(() => running?.close());
    beforeEach(async () => {
      for (const table of [rateLimits, gifts, bookings, payments, paymentEvents, mailOutbox]) await db().delete(table);
    });

    const slot = { offerId: "preparation", day: bookableRange().first, time: "10:00" };
    const book = (email: string) =>
      postForm(server, "/bookings", { ...slot, fullName: "Ana Ruiz", email, phone: "+1 505 555 0101" });
    /** The order id in the approval link a successful start sends the payer to. */
    const orderOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
    const paymentOfOrder = async (orderId: string) =>
      (await db().select().from(payments).where(eq(payments.providerOrderId, orderId)))[0];
    const returnFor = (paymentId: string) =>
      postForm(server, `/payments/return?payment=${paymentId}`, { payment: paymentId });
    const activeBookings = () =>
      db()
        .select()
        .from(bookings)
        .where(inArray(bookings.status, ["held", "requested", "approved", "confirmed"]));

    it("donation: a failing or too slow PayPal gets a clear 502, and nothing is recorded as paid", async () => {
      paypal.failNext(500);
      const failed = await postForm(server, "/donation", { ...donor, amount: "50" });
      expect(failed.status).toBe(502);
      expect(await failed.text()).toContain(GIVING_ERROR);

      paypal.delayNext(SLOWER_THAN_TIMEOUT_MS);
      const started = Date.now();
      const slow = await postForm(server, "/donation", { ...donor, amount: "60" });
      expect(slow.status).toBe(502);
      expect(await slow.text()).toContain(GIVING_ERROR);
      expect(Date.now() - started, "answered when the provider timed out, not later").toBeLessThan(
        SLOWER_THAN_TIMEOUT_MS,
      );

      // Slow but within the limit: the payer simply goes on to PayPal.
      paypal.delayNext(1500);
      const patient = await postForm(server, "/donation", { ...donor, amount: "70" });
      expect(patient.status).toBe(303);

      const rows = await db().select({ status: payments.status }).from(payments);
      expect(rows.map((r) => r.status).sort()).toEqual(["created", "failed", "failed"]);
      expect(await db().select().from(gifts)).toHaveLength(0);
    });

    it("donation: a capture that fails on the payer's return is not paid; the retry records it once", async () => {
      const started = await postForm(server, "/donation", { ...donor, amount: "108" });
      const orderId = orderOf(started.headers.get("location") ?? "");
      const payment = await paymentOfOrder(orderId);
      paypal.approve(orderId);
      paypal.failNext(503);
      const outage = await returnFor(payment?.id ?? "");
      // The payer stays on the return page, told that trying again is safe (never back to the form to pay twice).
      expect(outage.status).toBe(502);
      expect(await outage.text()).toContain(
        "We could not finish just now. Nothing is charged twice: please try again.",
      );
      expect((await paymentOfOrder(orderId))?.status).toBe("created");
      expect(await db().select().from(gifts)).toHaveLength(0);

      const retried = await returnFor(payment?.id ?? "");
      expect(retried.headers.get("location")).toBe("/thank-you-sacred-offering");
      await returnFor(payment?.id ?? "");
      expect(await db().select().from(gifts)).toHaveLength(1);
      expect(paypal.orders.get(orderId)?.captures).toHaveLength(1);
    });

    it("booking: failing or too slow PayPal answers Booking Failed, releases the hold, and the slot books afresh", async () => {
      paypal.failNext(500);
      const failed = await book("first@example.org");
      expect(failed.status).toBe(402);
      expect(await failed.text()).toContain("Booking Failed");
      expect(await activeBookings()).toHaveLength(0);

      paypal.delayNext(SLOWER_THAN_TIMEOUT_MS);
      const slow = await book("second@example.org");
      expect(slow.status).toBe(402);
      expect(await activeBookings(), "the slow attempt's hold is released").toHaveLength(0);

      const fresh = await book("third@example.org");
      // Off to PayPal's approval page (redirect after post, with or without JavaScript).
      expect(fresh.status).toBe(303);
      expect(orderOf(fresh.headers.get("location") ?? "")).not.toBe("");
      const all = await db().select().from(bookings);
      expect(all.map((b) => b.status).sort()).toEqual(["cancelled", "cancelled", "held"]);
      const paid = await db().select().from(payments).where(eq(payments.status, "captured"));
      expect(paid).toHaveLength(0);
    });

    it("booking: a failed capture leaves it unconfirmed and unpaid; a retry confirms it; a cancel frees the slot", async () => {
      const held = await book("ana@example.org");
      const orderId = orderOf(held.headers.get("location") ?? "");
      const payment = await paymentOfOrder(orderId);
      paypal.approve(orderId);
      paypal.failNext(503);
      expect((await returnFor(payment?.id ?? "")).status).toBe(502);
      const [waiting] = await activeBookings();
      expect(waiting?.status, "not confirmed, still the payer's").toBe("held");
      expect((await paymentOfOrder(orderId))?.status).toBe("created");
      expect((await book("other@example.org")).status, "the payer's hold still stands").toBe(409);

      expect((await returnFor(payment?.id ?? "")).headers.get("location")).toBe("/booking-confirmed");
      const [confirmed] = await activeBookings();
      expect(confirmed?.status).toBe("confirmed");

      // Another slot: the payer cancels at PayPal, and the slot is free at once.
      const next = { ...slot, time: "14:00" };
      const other = await postForm(server, "/bookings", { ...next, fullName: "Ben", email: "ben@example.org" });
      const otherPayment = await paymentOfOrder(orderOf(other.headers.get("location") ?? ""));
      const id = otherPayment?.id ?? "";
      await postForm(server, `/payments/return?payment=${id}&cancelled=1`, { payment: id, cancelled: "1" });
      const again = await postForm(server, "/bookings", { ...next, fullName: "Cleo", email: "cleo@example.org" });
      expect(again.status).toBe(303);
    });
  });
}
