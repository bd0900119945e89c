import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { bookableRange } from "../../app/modules/bookings/time";
import { bookings, gifts, mailOutbox, paymentEvents, payments, rateLimits } from "../../db/schema";
import { readCalendar } from "../support/calendar";
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

  /** Delivers a signed webhook event and answers its status. */
  async function deliver(event: Record<string, unknown>) {
    return (await fetch(`${server.url}/payments/webhook`, { method: "POST", ...signedWebhook(event) })).status;
  }
  /** PayPal's refund (or reversal) of a capture: the resource is the refund, "up" its capture. */
  const moneyBack = (id: string, captureId: string, type = "PAYMENT.CAPTURE.REFUNDED") => ({
    id,
    event_type: type,
    resource_type: "refund",
    resource: { id: `R-${id}`, links: [{ rel: "up", href: `${paypal.url}/v2/payments/captures/${captureId}` }] },
  });
  const bookingFields = {
    offerId: "preparation",
    day: bookableRange().first,
    time: "10:00",
    fullName: "Zofia Łukasiewicz",
    email: "zofia@example.org",
    phone: "",
    cardLast4: "",
    timeZone: "",
  };

  it("cancels a session refunded at PayPal: its slot freed, the booker told with the calendar's CANCEL, once", async () => {
    const payment = await payByWebhook("/bookings", bookingFields);
    const refund = moneyBack("WH-BOOKING-REFUND", payment?.captureId ?? "");
    expect(await deliver(refund)).toBe(204);
    expect(await deliver(refund)).toBe(204); // a replay changes nothing more
    const [booking] = await server.database.db.select().from(bookings);
    expect(booking).toMatchObject({ status: "cancelled", calendarSequence: 1, manageTokenHash: null });
    const [paid] = await server.database.db.select().from(payments);
    expect(paid?.status).toBe("refunded");
    const told = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.cancelled"));
    expect(told).toHaveLength(1);
    expect(told[0]?.textBody).toContain("Your payment has been refunded");
    expect(readCalendar(told[0]?.attachments[0]?.content ?? "")).toMatchObject({ method: "CANCEL", sequence: 1 });
    // The slot is free again: another booking of that time is taken.
    expect((await postForm(server, "/bookings", { ...bookingFields, email: "next@example.org" })).status).toBe(303);
  });

  it("takes a refund that arrives before its capture once the capture is recorded (deliveries out of order)", async () => {
    const res = await postForm(server, "/donation", { ...donor, amount: "72", intent: "give" });
    const orderId = new URL(res.headers.get("location") ?? "").searchParams.get("token") ?? "";
    paypal.approve(orderId);
    // The payer never came back; PayPal's refund is delivered before the approval's event.
    const early = {
      ...moneyBack("WH-EARLY-REFUND", "unknown-yet"),
      resource: { id: "R-1", supplementary_data: { related_ids: { order_id: orderId } } },
    };
    expect(await deliver(early)).toBe(503);
    expect(await server.database.db.select().from(paymentEvents)).toEqual([]);
    expect(
      await deliver({ id: `WH-${orderId}`, event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } }),
    ).toBe(204);
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift?.refundedAt).toBeNull();
    // PayPal delivers the refund again: now it is taken, and the gift leaves the statement.
    expect(await deliver(early)).toBe(204);
    const [refunded] = await server.database.db.select().from(gifts);
    expect(refunded?.refundedAt).toBeInstanceOf(Date);
  });

  it("takes a reversal (a dispute won by the payer) as a refund", async () => {
    const payment = await payByWebhook("/donation", { ...donor, amount: "36", intent: "give" });
    const reversal = {
      id: "WH-REVERSAL",
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource: { id: payment?.captureId, status: "REVERSED" },
    };
    expect(await deliver(reversal)).toBe(204);
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift?.refundedAt).toBeInstanceOf(Date);
    const [paid] = await server.database.db.select().from(payments);
    expect(paid?.status).toBe("refunded");
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
