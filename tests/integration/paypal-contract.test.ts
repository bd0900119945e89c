// Our PayPal provider and its stand-in held to PayPal's own published contracts
// (tests/contracts/paypal: the OpenAPI documents of the operations we use). A field we send that
// PayPal does not define, a field we read that its answer does not define, or a stand-in answer
// PayPal would not give, fails here, however well the provider and the stand-in agree.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paypalProvider } from "~/modules/payments/paypal.server";
import type { CreateOrderInput, PaymentProvider } from "~/modules/payments/provider";
import {
  type Contract,
  defines,
  documentsStatus,
  fieldPaths,
  fieldsRead,
  loadContract,
  schemaOf,
  violations,
} from "../contracts/openapi";
import {
  type PaypalStandIn,
  type RecordedRequest,
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  STAND_IN_WEBHOOK_ID,
  signedWebhook,
  startPaypalStandIn,
} from "../support/paypal-stand-in";

/** Each call of the provider: the document that defines it and the path template it matches. */
const OPERATIONS: { contract: string; method: string; template: string; pattern: RegExp }[] = [
  {
    contract: "checkout_orders_v2",
    method: "POST",
    template: "/v2/checkout/orders",
    pattern: /^\/v2\/checkout\/orders$/,
  },
  {
    contract: "checkout_orders_v2",
    method: "GET",
    template: "/v2/checkout/orders/{id}",
    pattern: /^\/v2\/checkout\/orders\/[^/]+$/,
  },
  {
    contract: "checkout_orders_v2",
    method: "POST",
    template: "/v2/checkout/orders/{id}/capture",
    pattern: /^\/v2\/checkout\/orders\/[^/]+\/capture$/,
  },
  {
    contract: "payments_payment_v2",
    method: "POST",
    template: "/v2/payments/captures/{capture_id}/refund",
    pattern: /^\/v2\/payments\/captures\/[^/]+\/refund$/,
  },
  {
    contract: "catalogs_products_v1",
    method: "POST",
    template: "/v1/catalogs/products",
    pattern: /^\/v1\/catalogs\/products$/,
  },
  {
    contract: "billing_subscriptions_v1",
    method: "POST",
    template: "/v1/billing/plans",
    pattern: /^\/v1\/billing\/plans$/,
  },
  {
    contract: "billing_subscriptions_v1",
    method: "POST",
    template: "/v1/billing/subscriptions",
    pattern: /^\/v1\/billing\/subscriptions$/,
  },
  ...(["GET", "PATCH"] as const).map((method) => ({
    contract: "billing_subscriptions_v1",
    method,
    template: "/v1/billing/subscriptions/{id}",
    pattern: /^\/v1\/billing\/subscriptions\/[^/]+$/,
  })),
  ...(["suspend", "activate", "cancel"] as const).map((action) => ({
    contract: "billing_subscriptions_v1",
    method: "POST",
    template: `/v1/billing/subscriptions/{id}/${action}`,
    pattern: new RegExp(`^/v1/billing/subscriptions/[^/]+/${action}$`),
  })),
  {
    contract: "notifications_webhooks_v1",
    method: "POST",
    template: "/v1/notifications/verify-webhook-signature",
    pattern: /^\/v1\/notifications\/verify-webhook-signature$/,
  },
];

const contracts = new Map<string, Contract>();
const contractOf = (name: string) => {
  const contract = contracts.get(name) ?? loadContract(name);
  contracts.set(name, contract);
  return contract;
};

function operationOf(request: RecordedRequest) {
  const found = OPERATIONS.find((op) => op.method === request.method && op.pattern.test(request.path));
  if (!found) throw new Error(`the provider called ${request.method} ${request.path}, which this test does not know`);
  return { ...found, contract: contractOf(found.contract) };
}

describe("the PayPal provider and stand-in against PayPal's OpenAPI documents", () => {
  let paypal: PaypalStandIn;
  let provider: PaymentProvider;
  let reads: Map<string, Set<string>>;

  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    provider = paypalProvider({
      baseUrl: paypal.url,
      clientId: STAND_IN_CLIENT_ID,
      clientSecret: STAND_IN_CLIENT_SECRET,
      webhookId: STAND_IN_WEBHOOK_ID,
      brandName: "The Congregation",
    });
    const order = (paymentId: string): CreateOrderInput => ({
      paymentId,
      amountCents: 10_800,
      currency: "USD",
      description: "Offering to the church - $108",
      returnUrl: "https://example.org/payments/return",
      cancelUrl: "https://example.org/payments/cancel",
    });
    // Every kind of answer our provider reads, each request and answer recorded by the stand-in;
    // the texts of the answers are watched so that every field the provider reads is noted.
    const answerOf = (text: string) => {
      const request = paypal.requests.find((r) => r.answer?.body === text && r.path !== "/v1/oauth2/token");
      return request ? `${request.method} ${request.path} ${request.answer?.status}` : null;
    };
    reads = await fieldsRead(answerOf, async () => {
      const waitingId = randomUUID();
      const waiting = await provider.createOrder(order(waitingId));
      expect(await provider.captureOrder(waiting.orderId, waitingId)).toEqual({ status: "not-approved" }); // 422

      const paymentId = randomUUID();
      const { orderId } = await provider.createOrder(order(paymentId));
      paypal.approve(orderId);
      const captured = await provider.captureOrder(orderId, paymentId);
      expect(captured.status).toBe("completed");
      expect(await provider.capturedAlready(orderId)).toMatchObject({ status: "completed" }); // GET
      // Captured before under another key: 422 ORDER_ALREADY_CAPTURED, then the order is read.
      expect(await provider.captureOrder(orderId, randomUUID())).toMatchObject({ status: "completed" });
      if (captured.status !== "completed") throw new Error("not captured");
      await provider.refundCapture(captured.captureId, paymentId);

      const declinedId = randomUUID();
      const declined = await provider.createOrder(order(declinedId));
      paypal.decline(declined.orderId, "instrument");
      expect((await provider.captureOrder(declined.orderId, declinedId)).status).toBe("declined");

      // A recurring gift: its plan made once, the subscription approved, changed, paused, resumed, cancelled.
      const monthly = await provider.subscriptions.create({
        recurringId: randomUUID(),
        amountCents: 2500,
        interval: "month",
        description: "Monthly offering to the church - $25.00",
        returnUrl: "https://example.org/profile/recurring/1/return",
        cancelUrl: "https://example.org/profile/recurring/1/return?cancelled=1",
      });
      expect(await provider.subscriptions.get(monthly.subscriptionId)).toMatchObject({ status: "pending" });
      paypal.approveSubscription(monthly.subscriptionId);
      expect(await provider.subscriptions.get(monthly.subscriptionId)).toMatchObject({ status: "active" });
      await provider.subscriptions.changeAmount(monthly.subscriptionId, 5000);
      await provider.subscriptions.suspend(monthly.subscriptionId, "Asked by the donor");
      await provider.subscriptions.activate(monthly.subscriptionId, "Asked by the donor");
      await provider.subscriptions.cancel(monthly.subscriptionId, "Asked by the donor");
      // Cancelled already: 422, then read back, and taken as done.
      await provider.subscriptions.cancel(monthly.subscriptionId, "Asked again");
      expect(paypal.subscriptions.get(monthly.subscriptionId)?.price.value).toBe("50.00");

      const event = { id: `WH-${randomUUID()}`, event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } };
      const { headers, body } = signedWebhook(event);
      expect(await provider.verifyWebhook(new Headers(headers), body)).toMatchObject({ orderId });
    });
  });
  afterAll(() => paypal.close());

  const calls = () => paypal.requests.filter((r) => r.path !== "/v1/oauth2/token");

  it("made every kind of call this test holds to a document", () => {
    const made = new Set(calls().map((r) => operationOf(r).template));
    expect([...made].sort()).toEqual([...new Set(OPERATIONS.map((op) => op.template))].sort());
  });

  it("sends only bodies PayPal's documents define and accept", () => {
    const problems: string[] = [];
    for (const request of calls()) {
      if (request.method === "GET") continue;
      const { contract, method, template } = operationOf(request);
      const schema = schemaOf(contract, method, template);
      const body = JSON.parse(request.body);
      for (const line of violations(contract, schema, body)) problems.push(`${method} ${template}: ${line}`);
      for (const field of fieldPaths(body)) {
        if (!defines(contract, schema, field))
          problems.push(`${method} ${template} sends ${field}, which PayPal does not define`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("gets from the stand-in only answers PayPal documents, in PayPal's shapes", () => {
    const problems: string[] = [];
    for (const request of calls()) {
      const { contract, method, template } = operationOf(request);
      const status = request.answer?.status ?? 0;
      if (!documentsStatus(contract, method, template, status)) {
        problems.push(`${method} ${template} answered ${status}, a status PayPal does not list`);
        continue;
      }
      // No content: nothing to hold to a schema.
      if (status === 204) continue;
      const schema = schemaOf(contract, method, template, status);
      const body = JSON.parse(request.answer?.body ?? "null");
      for (const line of violations(contract, schema, body)) problems.push(`${method} ${template} ${status}: ${line}`);
      for (const field of fieldPaths(body)) {
        if (!defines(contract, schema, field))
          problems.push(`${method} ${template} ${status} holds ${field}, undefined`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("reads only fields PayPal's answers define", () => {
    const problems: string[] = [];
    expect(reads.size).toBeGreaterThanOrEqual(5); // the reads were really watched
    for (const [answer, fields] of reads) {
      const [method, path, status] = answer.split(" ");
      const { contract, template } = operationOf({ method, path } as RecordedRequest);
      const schema = schemaOf(contract, method as string, template, Number(status));
      for (const field of fields) {
        if (!defines(contract, schema, field)) problems.push(`${method} ${template} ${status}: reads ${field}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
