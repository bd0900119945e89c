import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paypalProvider } from "~/modules/payments/paypal.server";
import { type CreateOrderInput, type PaymentProvider, PaymentProviderError } from "~/modules/payments/provider";
import {
  type PaypalStandIn,
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  STAND_IN_WEBHOOK_ID,
  signedWebhook,
  startPaypalStandIn,
} from "../support/paypal-stand-in";

describe("PayPal provider against the REST stand-in", () => {
  let paypal: PaypalStandIn;
  let provider: PaymentProvider;

  const makeProvider = (timeoutMs?: number) =>
    paypalProvider({
      baseUrl: paypal.url,
      clientId: STAND_IN_CLIENT_ID,
      clientSecret: STAND_IN_CLIENT_SECRET,
      webhookId: STAND_IN_WEBHOOK_ID,
      brandName: "The Congregation",
      timeoutMs,
    });

  const orderInput = (overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
    paymentId: randomUUID(),
    amountCents: 60_000,
    currency: "USD",
    description: "Offering to the church - $600",
    returnUrl: "https://example.org/payments/return",
    cancelUrl: "https://example.org/payments/cancel",
    ...overrides,
  });

  const tokenRequests = () => paypal.requests.filter((r) => r.path === "/v1/oauth2/token").length;

  /** An order the payer has approved on PayPal, with our payment id. */
  async function approvedOrder() {
    const input = orderInput();
    const { orderId } = await provider.createOrder(input);
    paypal.approve(orderId);
    return { orderId, paymentId: input.paymentId };
  }

  async function rejection(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }

  beforeAll(async () => {
    paypal = await startPaypalStandIn();
  });
  afterAll(() => paypal.close());
  beforeEach(() => {
    provider = makeProvider();
    paypal.requests.length = 0;
  });

  it("is named paypal and has no card fields", () => {
    expect(provider).toMatchObject({ name: "paypal", cardFields: false });
  });

  it("obtains an access token with the client credentials and reuses it", async () => {
    await provider.createOrder(orderInput());
    await provider.createOrder(orderInput());
    expect(tokenRequests()).toBe(1);
    const [tokenRequest, ...apiRequests] = paypal.requests;
    expect(tokenRequest?.body).toBe("grant_type=client_credentials");
    const bearers = new Set(apiRequests.map((r) => r.headers.authorization));
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer A21AA/);
  });

  it("creates an order for the amount in dollars, with our reference and idempotency key", async () => {
    const input = orderInput({ card: { last4: "4242", name: "Ada Lovelace" } });
    const created = await provider.createOrder(input);

    const order = paypal.orders.get(created.orderId);
    expect(order?.status).toBe("PAYER_ACTION_REQUIRED");
    expect(order?.amount).toEqual({ currency_code: "USD", value: "600.00" });
    expect(order?.referenceId).toBe(input.paymentId);
    expect(order?.request).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ reference_id: input.paymentId, description: input.description }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
            brand_name: "The Congregation",
          },
        },
      },
    });
    const create = paypal.requests.find((r) => r.path === "/v2/checkout/orders");
    expect(create?.headers["paypal-request-id"]).toBe(input.paymentId);
    expect(created.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${created.orderId}`);

    // PayPal hosts the payment details: nothing of the card goes out, not even the test fields.
    for (const request of paypal.requests) {
      expect(request.body).not.toContain("4242");
      expect(request.body).not.toContain("Ada Lovelace");
    }
  });

  it("gives back the same order when the create is retried with the same payment id", async () => {
    const input = orderInput();
    const first = await provider.createOrder(input);
    const again = await provider.createOrder(input);
    expect(again.orderId).toBe(first.orderId);
  });

  it("captures an approved order, with the amount in cents", async () => {
    const { orderId, paymentId } = await approvedOrder();
    const result = await provider.captureOrder(orderId, paymentId);
    const capture = paypal.orders.get(orderId)?.captures[0];
    expect(result).toEqual({ status: "completed", captureId: capture?.id, amountCents: 60_000, currency: "USD" });
  });

  it("captures once when asked twice with the same payment id", async () => {
    const { orderId, paymentId } = await approvedOrder();
    const first = await provider.captureOrder(orderId, paymentId);
    const second = await provider.captureOrder(orderId, paymentId);
    expect(second).toEqual(first);
    expect(paypal.orders.get(orderId)?.captures).toHaveLength(1);
    const keys = paypal.requests.filter((r) => r.path.endsWith("/capture")).map((r) => r.headers["paypal-request-id"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("reports an order captured before (ORDER_ALREADY_CAPTURED) as that same capture", async () => {
    const { orderId, paymentId } = await approvedOrder();
    const first = await provider.captureOrder(orderId, paymentId);
    // A fresh key, as after losing the first answer: PayPal refuses and we read the order instead.
    const second = await provider.captureOrder(orderId, randomUUID());
    expect(second).toEqual(first);
    expect(paypal.orders.get(orderId)?.captures).toHaveLength(1);
    expect(paypal.requests.some((r) => r.method === "GET" && r.path === `/v2/checkout/orders/${orderId}`)).toBe(true);
  });

  it("says not-approved when the payer has not approved yet", async () => {
    const input = orderInput();
    const { orderId } = await provider.createOrder(input);
    expect(await provider.captureOrder(orderId, input.paymentId)).toEqual({ status: "not-approved" });
    expect(paypal.orders.get(orderId)?.captures).toHaveLength(0);
  });

  it("says declined when the payer's funding is declined (422 INSTRUMENT_DECLINED)", async () => {
    const input = orderInput();
    const { orderId } = await provider.createOrder(input);
    paypal.decline(orderId);
    const result = await provider.captureOrder(orderId, input.paymentId);
    expect(result).toMatchObject({ status: "declined", reason: expect.stringContaining("declined") });
  });

  it("says declined when the capture comes back DECLINED", async () => {
    const input = orderInput();
    const { orderId } = await provider.createOrder(input);
    paypal.decline(orderId, "capture");
    const result = await provider.captureOrder(orderId, input.paymentId);
    expect(result).toMatchObject({ status: "declined" });
  });

  it("throws a retryable PaymentProviderError on a 500", async () => {
    const { orderId, paymentId } = await approvedOrder();
    paypal.failNext(500);
    const error = await rejection(provider.captureOrder(orderId, paymentId));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("500");
    expect(error.message).not.toMatch(/A21AA|Bearer|Basic|test-secret/);
    // Retrying after the outage captures it.
    expect(await provider.captureOrder(orderId, paymentId)).toMatchObject({ status: "completed" });
  });

  it("throws a non-retryable PaymentProviderError on another 4xx", async () => {
    const error = await rejection(provider.captureOrder("NOSUCHORDER", randomUUID()));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("404");
  });

  it("throws a retryable PaymentProviderError when PayPal does not answer in time", async () => {
    const quick = makeProvider(200);
    await quick.createOrder(orderInput()); // signs in first, so the delay hits the API call
    // PayPal would answer after a minute; the provider gives up long before (its 200 ms, however
    // busy this machine is: a wait of half the delay is proof enough that it did not wait it out).
    paypal.delayNext(60_000);
    const started = Date.now();
    const error = await rejection(quick.createOrder(orderInput()));
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("200 ms");
  });

  it("throws a retryable PaymentProviderError when PayPal cannot be reached", async () => {
    const unreachable = paypalProvider({
      baseUrl: "http://127.0.0.1:9",
      clientId: STAND_IN_CLIENT_ID,
      clientSecret: STAND_IN_CLIENT_SECRET,
      webhookId: STAND_IN_WEBHOOK_ID,
      brandName: "The Congregation",
    });
    const error = await rejection(unreachable.createOrder(orderInput()));
    expect(error.retryable).toBe(true);
  });

  it("signs in again once on a 401 and succeeds", async () => {
    await provider.createOrder(orderInput());
    expect(tokenRequests()).toBe(1);
    paypal.failNext(401);
    const created = await provider.createOrder(orderInput());
    expect(created.orderId).toBeTruthy();
    expect(tokenRequests()).toBe(2);
  });

  it("gives up after a second 401 in a row", async () => {
    paypal.failNext(401, 2);
    const error = await rejection(provider.createOrder(orderInput()));
    expect(error.retryable).toBe(false);
  });

  it("refunds a capture, once per payment id", async () => {
    const { orderId, paymentId } = await approvedOrder();
    const capture = await provider.captureOrder(orderId, paymentId);
    if (capture.status !== "completed") throw new Error("expected a capture");
    const refund = await provider.refundCapture(capture.captureId, paymentId);
    const again = await provider.refundCapture(capture.captureId, paymentId);
    expect(again).toEqual(refund);
    const order = paypal.orders.get(orderId);
    expect(order?.refunds).toEqual([{ id: refund.refundId, captureId: capture.captureId, status: "COMPLETED" }]);
    expect(order?.captures[0]?.status).toBe("REFUNDED");
  });

  describe("webhooks", () => {
    const verify = (delivery: { headers: Record<string, string>; body: string }) =>
      provider.verifyWebhook(new Headers(delivery.headers), delivery.body);

    it("maps a verified CHECKOUT.ORDER.APPROVED to its order", async () => {
      const event = {
        id: "WH-58D329510W468432D-8HN650336L201105X",
        event_version: "1.0",
        resource_type: "checkout-order",
        event_type: "CHECKOUT.ORDER.APPROVED",
        resource: { id: "5O190127TN364715T", status: "APPROVED", intent: "CAPTURE" },
      };
      expect(await verify(signedWebhook(event))).toEqual({
        id: event.id,
        eventType: "CHECKOUT.ORDER.APPROVED",
        orderId: "5O190127TN364715T",
        captureId: null,
        subscription: null,
        sale: null,
      });
      const call = paypal.requests.find((r) => r.path === "/v1/notifications/verify-webhook-signature");
      const sent = JSON.parse(call?.body ?? "{}");
      expect(sent).toMatchObject({
        auth_algo: "SHA256withRSA",
        transmission_sig: "valid-signature",
        webhook_id: STAND_IN_WEBHOOK_ID,
        webhook_event: event,
      });
    });

    it("maps a verified PAYMENT.CAPTURE.COMPLETED to its order and capture", async () => {
      const event = {
        id: "WH-2WR32451HC0233532-67976317FL4543714",
        resource_type: "capture",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: {
          id: "42311647XV020574X",
          status: "COMPLETED",
          amount: { currency_code: "USD", value: "600.00" },
          supplementary_data: { related_ids: { order_id: "5O190127TN364715T" } },
        },
      };
      expect(await verify(signedWebhook(event))).toEqual({
        id: event.id,
        eventType: "PAYMENT.CAPTURE.COMPLETED",
        orderId: "5O190127TN364715T",
        captureId: "42311647XV020574X",
        subscription: null,
        sale: null,
      });
    });

    it("maps a subscription's collection (PAYMENT.SALE.COMPLETED) to its sale, and a sale's refund to that sale", async () => {
      const event = {
        id: "WH-SALE-COMPLETED",
        resource_type: "sale",
        event_type: "PAYMENT.SALE.COMPLETED",
        resource: {
          id: "80021663DE681814L",
          state: "completed",
          amount: { total: "112.42", currency: "USD" },
          billing_agreement_id: "I-BW452GLLEP1G",
        },
      };
      expect(await verify(signedWebhook(event))).toEqual({
        id: event.id,
        eventType: "PAYMENT.SALE.COMPLETED",
        orderId: null,
        captureId: "80021663DE681814L",
        subscription: null,
        sale: { id: "80021663DE681814L", subscriptionId: "I-BW452GLLEP1G", amountCents: 11242, currency: "USD" },
      });
      // A sale without its subscription, or with an amount that is not money, is no collection of ours.
      const odd = {
        ...event,
        id: "WH-SALE-ODD",
        resource: { ...event.resource, amount: { total: "1e9", currency: "USD" } },
      };
      expect(await verify(signedWebhook(odd))).toMatchObject({ sale: null });
      const refunded = {
        id: "WH-SALE-REFUNDED",
        event_type: "PAYMENT.SALE.REFUNDED",
        resource: { id: "1JU08902781691411", state: "completed", sale_id: "80021663DE681814L" },
      };
      expect(await verify(signedWebhook(refunded))).toMatchObject({ captureId: "80021663DE681814L", sale: null });
    });

    it("maps a BILLING.SUBSCRIPTION.* event to the subscription's state, failures and next retry", async () => {
      const event = {
        id: "WH-SUB-FAILED",
        resource_type: "subscription",
        event_type: "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
        resource: {
          id: "I-BW452GLLEP1G",
          status: "ACTIVE",
          custom_id: "3f0c2c1e-0000-4000-8000-000000000001",
          billing_info: {
            outstanding_balance: { currency_code: "USD", value: "112.42" },
            failed_payments_count: 2,
            next_billing_time: "2026-12-28T10:00:00Z",
            last_failed_payment: {
              amount: { currency_code: "USD", value: "112.42" },
              time: "2026-11-28T10:00:00Z",
              next_payment_retry_time: "2026-12-03T10:00:00Z",
            },
          },
        },
      };
      expect(await verify(signedWebhook(event))).toMatchObject({
        orderId: null,
        captureId: null,
        sale: null,
        subscription: {
          id: "I-BW452GLLEP1G",
          status: "active",
          recurringId: "3f0c2c1e-0000-4000-8000-000000000001",
          failedPayments: 2,
          nextBillingAt: new Date("2026-12-28T10:00:00Z"),
          nextRetryAt: new Date("2026-12-03T10:00:00Z"),
        },
      });
      for (const [status, ours] of [
        ["APPROVAL_PENDING", "pending"],
        ["SUSPENDED", "suspended"],
        ["CANCELLED", "cancelled"],
        ["EXPIRED", "cancelled"],
      ] as const) {
        const changed = { ...event, id: `WH-SUB-${status}`, resource: { id: "I-BW452GLLEP1G", status } };
        expect(await verify(signedWebhook(changed))).toMatchObject({
          subscription: { status: ours, failedPayments: 0 },
        });
      }
    });

    it("maps a verified PAYMENT.CAPTURE.REFUNDED to the refunded capture", async () => {
      const event = {
        id: "WH-1GE84257G0350133W-6RW800890C634293G",
        resource_type: "refund",
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        resource: {
          id: "1Y107995YT783435V",
          status: "COMPLETED",
          links: [
            { href: "https://api.paypal.com/v2/payments/refunds/1Y107995YT783435V", rel: "self", method: "GET" },
            { href: "https://api.paypal.com/v2/payments/captures/42311647XV020574X", rel: "up", method: "GET" },
          ],
        },
      };
      expect(await verify(signedWebhook(event))).toMatchObject({ orderId: null, captureId: "42311647XV020574X" });
    });

    it("maps a verified PAYMENT.CAPTURE.REVERSED to its capture, whether the resource is the capture or a refund", async () => {
      const asCapture = {
        id: "WH-REVERSED-CAPTURE",
        event_type: "PAYMENT.CAPTURE.REVERSED",
        resource: { id: "42311647XV020574X", status: "REVERSED" },
      };
      expect(await verify(signedWebhook(asCapture))).toMatchObject({ captureId: "42311647XV020574X" });
      const asRefund = {
        id: "WH-REVERSED-REFUND",
        event_type: "PAYMENT.CAPTURE.REVERSED",
        resource: {
          id: "8MC585209K746392H",
          links: [{ href: "https://api.paypal.com/v2/payments/captures/42311647XV020574X", rel: "up", method: "GET" }],
        },
      };
      expect(await verify(signedWebhook(asRefund))).toMatchObject({ captureId: "42311647XV020574X" });
    });

    it("refuses a forged signature", async () => {
      const event = { id: "WH-FORGED", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: "X" } };
      expect(await verify(signedWebhook(event, "forged-signature"))).toBeNull();
    });

    it("refuses a delivery without PayPal's headers, without asking PayPal", async () => {
      const event = { id: "WH-BARE", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: "X" } };
      expect(await provider.verifyWebhook(new Headers(), JSON.stringify(event))).toBeNull();
      expect(paypal.requests.some((r) => r.path.startsWith("/v1/notifications"))).toBe(false);
    });

    it("refuses a malformed body", async () => {
      const delivery = signedWebhook({});
      expect(await verify({ headers: delivery.headers, body: "{not json" })).toBeNull();
      expect(await verify({ headers: delivery.headers, body: "[1,2]" })).toBeNull();
    });

    it("throws a retryable error when verification is unavailable, so PayPal delivers again", async () => {
      paypal.failNext(503);
      const event = { id: "WH-LATER", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: "X" } };
      const error = await rejection(verify(signedWebhook(event)));
      expect(error.retryable).toBe(true);
    });
  });
});
