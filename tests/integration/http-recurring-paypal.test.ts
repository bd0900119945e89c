import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { GIVING_MESSAGES } from "~/modules/giving/messages";
import { gifts, mailOutbox, paymentEvents, payments, paypalPlans, rateLimits, recurringGifts } from "../../db/schema";
import { post, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { type PaypalStandIn, paypalSettings, signedWebhook, startPaypalStandIn } from "../support/paypal-stand-in";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Recurring offerings through PayPal Subscriptions (the local stand-in speaking
 * billing_subscriptions_v1): the subscription made with our amount and id, approved on PayPal's
 * page, and every collection and change told by webhook: replayed, out of order, and delivered to
 * two instances of the app at once.
 */
describeEachBackend("recurring offerings through PayPal over HTTP", (backend) => {
  let paypal: PaypalStandIn;
  let server: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    server = await startTestServer(backend, paypalSettings(paypal.url));
    // A second instance on the same database, as behind a load balancer.
    second = await startTestServer(backend, paypalSettings(paypal.url), server.database);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await paypal?.close();
  });
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(gifts);
    await db.delete(payments);
    await db.delete(paymentEvents);
    await db.delete(recurringGifts);
    await db.delete(mailOutbox);
  });
  const db = () => server.database.db;
  const mails = async (kind: string) => db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  const deliver = async (event: object, to: TestServer = server) =>
    (await fetch(`${to.url}/payments/webhook`, { method: "POST", ...signedWebhook(event) })).status;
  const sale = (eventId: string, saleId: string, subscriptionId: string, total = "108.00") => ({
    id: eventId,
    event_type: "PAYMENT.SALE.COMPLETED",
    resource_type: "sale",
    resource: {
      id: saleId,
      state: "completed",
      amount: { total, currency: "USD" },
      billing_agreement_id: subscriptionId,
    },
  });
  const billing = (eventId: string, type: string, subscriptionId: string, failures?: number) => ({
    id: eventId,
    event_type: `BILLING.SUBSCRIPTION.${type}`,
    resource_type: "subscription",
    resource: paypal.subscriptionResource(subscriptionId, failures),
  });

  /** /donation every month, signed in: off to PayPal's approval page with the subscription made. */
  async function start(cookie: string, key = `recurring-key-${Math.random().toString(36).slice(2)}`) {
    const res = await post(server, "/donation", cookie, {
      intent: "give",
      tier: "108",
      amount: "",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
      frequency: "month",
      _key: key,
    });
    const [row] = await db().select().from(recurringGifts).orderBy(recurringGifts.createdAt);
    return { res, row, subscriptionId: row?.subscriptionId ?? "" };
  }

  it("makes the subscription with our amount and id, approved on PayPal's page, confirmed on return", async () => {
    const { cookie } = await twoMembers(server);
    const { res, row, subscriptionId } = await start(cookie, "recurring-key-000000000001");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `${paypal.url}/webapps/billing/subscriptions?ba_token=BA-${subscriptionId}`,
    );
    const made = paypal.subscriptions.get(subscriptionId);
    expect(made).toMatchObject({ status: "APPROVAL_PENDING", customId: row?.id, price: { value: "108.00" } });
    // The same form again (a double click): the same subscription, one row.
    const again = await start(cookie, "recurring-key-000000000001");
    expect(again.res.headers.get("location")).toBe(res.headers.get("location"));
    expect(await db().select().from(recurringGifts)).toHaveLength(1);
    expect(paypal.subscriptions.size).toBeGreaterThanOrEqual(1);
    // One plan a month, made once and kept.
    expect(await db().select().from(paypalPlans)).toHaveLength(1);

    paypal.approveSubscription(subscriptionId);
    const returned = await post(
      server,
      `/profile/recurring/${row?.id}/return?subscription_id=${subscriptionId}`,
      cookie,
      {},
    );
    expect(returned.headers.get("location")).toBe("/profile?done=recurring-started#recurring");
    // PayPal's own word that it is active comes after: no second "set up" email.
    expect(await deliver(billing("WH-ACT-1", "ACTIVATED", subscriptionId))).toBe(204);
    expect(await mails("recurring.started")).toHaveLength(1);
  });

  it("records each collection once: replayed, redelivered under another id, and to two instances at once", async () => {
    const { cookie } = await twoMembers(server);
    const { row, subscriptionId } = await start(cookie);
    paypal.approveSubscription(subscriptionId);
    // The donor never came back: the first collection arrives before the word it was approved.
    expect(await deliver(sale("WH-SALE-1", "SALE-1", subscriptionId))).toBe(204);
    expect(await deliver(sale("WH-SALE-1", "SALE-1", subscriptionId))).toBe(204);
    const statuses = await Promise.all([
      deliver(sale("WH-SALE-1-AGAIN", "SALE-1", subscriptionId), server),
      deliver(sale("WH-SALE-1-AGAIN-2", "SALE-1", subscriptionId), second),
    ]);
    expect(statuses).toEqual([204, 204]);
    const given = await db().select().from(gifts);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ amountCents: 10800, recurringId: row?.id });
    expect(await mails("gift.receipt")).toHaveLength(1);
    const [now] = await db().select().from(recurringGifts);
    expect(now?.status).toBe("active");
    expect(await mails("recurring.started")).toHaveLength(1);
    expect(await deliver(billing("WH-ACT-2", "ACTIVATED", subscriptionId))).toBe(204);
    expect(await mails("recurring.started")).toHaveLength(1);

    // A collection for a subscription not ours yet: 503, so PayPal delivers it again later.
    expect(await deliver(sale("WH-SALE-X", "SALE-X", "I-UNKNOWN0000000"))).toBe(503);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, "WH-SALE-X"))).toHaveLength(0);

    // Refunded at PayPal: the gift leaves the statement.
    const refund = {
      id: "WH-REF-1",
      event_type: "PAYMENT.SALE.REFUNDED",
      resource: { id: "REF-1", sale_id: "SALE-1" },
    };
    expect(await deliver(refund)).toBe(204);
    expect((await db().select().from(gifts))[0]?.refundedAt).toBeInstanceOf(Date);
  });

  it("tells a failed collection once per failure, and a cancellation at PayPal once", async () => {
    const { cookie } = await twoMembers(server);
    const { subscriptionId } = await start(cookie);
    paypal.approveSubscription(subscriptionId);
    await deliver(billing("WH-ACT-3", "ACTIVATED", subscriptionId));
    expect(await deliver(billing("WH-FAIL-1", "PAYMENT.FAILED", subscriptionId, 1))).toBe(204);
    expect(await deliver(billing("WH-FAIL-1B", "PAYMENT.FAILED", subscriptionId, 1))).toBe(204);
    expect(await mails("recurring.failed")).toHaveLength(1);
    expect(await mails("recurring.failed.notify")).toHaveLength(1);
    expect(await deliver(billing("WH-FAIL-2", "PAYMENT.FAILED", subscriptionId, 2))).toBe(204);
    expect(await mails("recurring.failed")).toHaveLength(2);
    // A collection that goes through forgives the failures.
    expect(await deliver(sale("WH-SALE-2", "SALE-2", subscriptionId))).toBe(204);
    expect((await db().select().from(recurringGifts))[0]?.failedPayments).toBe(0);

    // Cancelled from the profile: at PayPal too; PayPal's own word after it changes nothing more.
    const [row] = await db().select().from(recurringGifts);
    const cancelled = await post(server, "/profile", cookie, {
      intent: "recurring-cancel",
      recurring: row?.id ?? "",
      _key: "recurring-cancel-key-00001",
    });
    expect(cancelled.status).toBe(303);
    expect(paypal.subscriptions.get(subscriptionId)?.status).toBe("CANCELLED");
    expect(await deliver(billing("WH-CAN-1", "CANCELLED", subscriptionId))).toBe(204);
    expect(await mails("recurring.cancelled")).toHaveLength(1);
  });

  it("answers Payment Error and keeps nothing pending when PayPal fails to make the subscription", async () => {
    const { cookie } = await twoMembers(server);
    paypal.failNext(500);
    const { res } = await start(cookie, "recurring-key-000000000009");
    expect(res.status).toBe(502);
    expect(await res.text()).toContain(GIVING_MESSAGES.error.description);
    expect((await db().select().from(recurringGifts))[0]?.status).toBe("cancelled");
    // The same form tried again: a new recurring gift, off to PayPal.
    const again = await start(cookie, "recurring-key-000000000009");
    expect(again.res.status).toBe(303);
  });
});
