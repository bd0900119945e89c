import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { bookableRange } from "../../app/modules/bookings/time";
import { bookings, gifts, mailOutbox, paymentEvents, payments, rateLimits } from "../../db/schema";
import { describeEachBackend } from "../support/database";
import { type PaypalStandIn, signedWebhook, startServerWithPaypal } from "../support/paypal-stand-in";
import { postForm, type TestServer } from "../support/server";

/*
 * Payments knows nothing of what is paid for: each purpose registers its handlers
 * (app/modules/registry.server.ts). A webhook alone, the payer never coming back, still
 * fulfils every purpose, so none was left unregistered.
 */
describeEachBackend("each payment purpose fulfilled by PayPal's webhook", (backend) => {
  let paypal: PaypalStandIn;
  let running: Awaited<ReturnType<typeof startServerWithPaypal>> | undefined;
  let server: TestServer;
  beforeAll(async () => {
    running = await startServerWithPaypal(backend);
    ({ paypal, server } = running);
  });
  afterAll(() => running?.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(gifts);
    await db.delete(bookings);
    await db.delete(payments);
    await db.delete(paymentEvents);
    await db.delete(mailOutbox);
  });

  /** Posts a form that leads to PayPal's approval, approves there, and tells us only by webhook. */
  async function payByWebhook(path: string, fields: Record<string, string>) {
    const res = await postForm(server, path, fields);
    expect(res.status).toBe(303);
    const orderId = new URL(res.headers.get("location") ?? "").searchParams.get("token") ?? "";
    paypal.approve(orderId);
    const event = { id: `WH-${orderId}`, event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } };
    const hook = await fetch(`${server.url}/payments/webhook`, { method: "POST", ...signedWebhook(event) });
    expect(hook.status).toBe(204);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.providerOrderId, orderId));
    expect(payment?.status).toBe("captured");
    return payment;
  }

  const donor = { donorName: "Ana Ruiz", email: "ana@example.org" };

  it("records an offering (gift) with its receipt, and a refund made at PayPal", async () => {
    const payment = await payByWebhook("/donation", { ...donor, amount: "108", intent: "give" });
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift).toMatchObject({ kind: "offering", amountCents: 10800, paymentId: payment?.id, refundedAt: null });
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.receipt"))).toHaveLength(
      1,
    );
    const refund = {
      id: "WH-REFUND",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "REFUND-1",
        links: [{ rel: "up", href: `${paypal.url}/v2/payments/captures/${payment?.captureId}` }],
      },
    };
    const hook = await fetch(`${server.url}/payments/webhook`, { method: "POST", ...signedWebhook(refund) });
    expect(hook.status).toBe(204);
    const [refunded] = await server.database.db.select().from(gifts);
    expect(refunded?.refundedAt).toBeInstanceOf(Date);
  });

  it("records a ceremony donation (ceremony-gift)", async () => {
    const payment = await payByWebhook("/donation-checkout", { ...donor, amount: "6800", cardLast4: "" });
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift).toMatchObject({ kind: "ceremony", amountCents: 680000, paymentId: payment?.id });
  });

  it("confirms a booking with its confirmation mail", async () => {
    const payment = await payByWebhook("/bookings", {
      offerId: "preparation",
      day: bookableRange().first,
      time: "10:00",
      fullName: "Ana Ruiz",
      email: "ana@example.org",
      phone: "",
      cardLast4: "",
      timeZone: "",
    });
    const [booking] = await server.database.db.select().from(bookings);
    expect(booking).toMatchObject({ status: "confirmed", paymentId: payment?.id });
    expect(
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.confirmed")),
    ).toHaveLength(1);
  });
});
