import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Backend } from "./database";
import { type StandInSubscription, standInSubscriptions } from "./paypal-stand-in-subscriptions";
import { startTestServer } from "./server";

/**
 * A local HTTP stand-in for PayPal's REST API (OAuth token, Orders v2, capture refunds and webhook
 * verification), answering in PayPal's shapes so the real provider code runs against it. Its
 * answers, our requests and every field the provider reads are held to PayPal's published OpenAPI
 * documents by tests/integration/paypal-contract.test.ts. Not a simulation of PayPal's rules beyond
 * what our provider relies on.
 */

export const STAND_IN_CLIENT_ID = "test-client";
export const STAND_IN_CLIENT_SECRET = "test-secret";
export const STAND_IN_WEBHOOK_ID = "5GP028458E2496506";
export const VALID_SIGNATURE = "valid-signature";

export interface StandInCapture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "REFUNDED";
  amount: { currency_code: string; value: string };
}

export interface StandInOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  /** The create request's body, as sent. */
  request: Record<string, unknown>;
  referenceId: string;
  amount: { currency_code: string; value: string };
  /** "instrument": capture answers 422 INSTRUMENT_DECLINED; "capture": capture answers 201 with a DECLINED capture. */
  decline: "instrument" | "capture" | null;
  captures: StandInCapture[];
  refunds: { id: string; captureId: string; status: "COMPLETED" }[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the stand-in answered (status and the JSON text sent), once it has. */
  answer?: { status: number; body: string };
}

export interface PaypalStandIn {
  url: string;
  orders: Map<string, StandInOrder>;
  subscriptions: Map<string, StandInSubscription>;
  /** The payer approves a subscription on PayPal's page. */
  approveSubscription(id: string): unknown;
  /** A subscription as a BILLING.SUBSCRIPTION.* webhook carries it, after `failedPayments` failures if given. */
  subscriptionResource(id: string, failedPayments?: number): unknown;
  requests: RecordedRequest[];
  /** The payer approves the order on PayPal's pages. */
  approve(orderId: string): void;
  /** The payer's funding fails at capture (default: 422 INSTRUMENT_DECLINED). */
  decline(orderId: string, how?: "instrument" | "capture"): void;
  /** Answer the next `times` API calls (not token requests) with this HTTP status. */
  failNext(status: number, times?: number): void;
  /** Hold the next API call (not token requests) this long before answering. */
  delayNext(ms: number): void;
  close(): Promise<void>;
}

/** A webhook delivery as PayPal would send it, signed so the stand-in's verification says SUCCESS. */
export function signedWebhook(event: object, signature = VALID_SIGNATURE) {
  return {
    headers: {
      "content-type": "application/json",
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-stand-in",
      "paypal-transmission-id": randomUUID(),
      "paypal-transmission-sig": signature,
      "paypal-transmission-time": new Date().toISOString(),
    } as Record<string, string>,
    body: JSON.stringify(event),
  };
}

/** PayPal's documented words for the errors the stand-in gives (tests/contracts/paypal). */
const MESSAGES: Record<string, string> = {
  UNPROCESSABLE_ENTITY:
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
};
const ISSUES: Record<string, string> = {
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
};

// PayPal's ids are 17 upper-case alphanumerics.
const paypalId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);

/** The settings that point a server at a PayPal API (the stand-in, or somewhere unreachable). */
export function paypalSettings(apiUrl: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "paypal",
    PAYPAL_CLIENT_ID: "test-client",
    PAYPAL_CLIENT_SECRET: "test-secret",
    PAYPAL_WEBHOOK_ID: "5GP028458E2496506",
    PAYPAL_API_URL: apiUrl,
  };
}

export async function startPaypalStandIn(): Promise<PaypalStandIn> {
  const orders = new Map<string, StandInOrder>();
  const requests: RecordedRequest[] = [];
  const tokens = new Set<string>();
  const createdByRequestId = new Map<string, string>();
  // Capture and refund answers by PayPal-Request-Id: a repeat gets the first answer back.
  const answered = new Map<string, { status: number; body: unknown }>();
  const timers = new Set<NodeJS.Timeout>();
  let failures: { status: number; times: number } | null = null;
  let delayMs = 0;
  let url = "";

  const error = (name: string, issue?: string, description?: string) => ({
    name,
    message: MESSAGES[name] ?? name,
    debug_id: paypalId().toLowerCase(),
    ...(issue ? { details: [{ issue, description: description ?? ISSUES[issue] ?? issue }] } : {}),
  });

  const billing = standInSubscriptions(() => url, error);

  const orderJson = (order: StandInOrder) => ({
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: order.amount,
        ...(order.captures.length
          ? {
              payments: {
                captures: order.captures.map((c) => ({
                  ...c,
                  final_capture: true,
                  links: [
                    { href: `${url}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" },
                    { href: `${url}/v2/payments/captures/${c.id}/refund`, rel: "refund", method: "POST" },
                    { href: `${url}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
                  ],
                })),
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.status === "PAYER_ACTION_REQUIRED"
        ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
        : []),
    ],
  });

  function route(method: string, path: string, headers: IncomingHttpHeaders, raw: string): [number, unknown] {
    const requestId = typeof headers["paypal-request-id"] === "string" ? headers["paypal-request-id"] : undefined;
    // biome-ignore lint/suspicious/noExplicitAny: request JSON, checked as it is used.
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return [400, error("INVALID_REQUEST", "MALFORMED_REQUEST_JSON")];
    }

    if (method === "POST" && path === "/v2/checkout/orders") {
      const existing = requestId && createdByRequestId.get(requestId);
      if (existing) return [200, orderJson(orders.get(existing) as StandInOrder)];
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== "CAPTURE" || !/^\d+\.\d{2}$/.test(String(unit?.amount?.value))) {
        return [400, error("INVALID_REQUEST", "INVALID_PARAMETER_VALUE")];
      }
      const order: StandInOrder = {
        id: paypalId(),
        status: "PAYER_ACTION_REQUIRED",
        request: body,
        referenceId: unit.reference_id ?? "default",
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        decline: null,
        captures: [],
        refunds: [],
      };
      orders.set(order.id, order);
      if (requestId) createdByRequestId.set(requestId, order.id);
      return [200, orderJson(order)];
    }

    const orderPath = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1] ?? ""));
      if (!order) return [404, error("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")];
      if (method === "GET" && !orderPath[2]) return [200, orderJson(order)];
      if (method !== "POST" || !orderPath[2]) return [405, error("METHOD_NOT_SUPPORTED")];
      const key = requestId && `capture:${requestId}`;
      const previous = key && answered.get(key);
      if (previous) return [previous.status, previous.body];
      let answer: [number, unknown];
      if (order.status === "COMPLETED") answer = [422, error("UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED")];
      else if (order.status !== "APPROVED") answer = [422, error("UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED")];
      else if (order.decline === "instrument") answer = [422, error("UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED")];
      else {
        const status = order.decline === "capture" ? "DECLINED" : "COMPLETED";
        order.captures.push({ id: paypalId(), status, amount: order.amount });
        order.status = "COMPLETED";
        answer = [201, orderJson(order)];
      }
      if (key) answered.set(key, { status: answer[0], body: answer[1] });
      return answer;
    }

    const refundPath = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (method === "POST" && refundPath) {
      const captureId = decodeURIComponent(refundPath[1] ?? "");
      const key = requestId && `refund:${requestId}`;
      const previous = key && answered.get(key);
      if (previous) return [previous.status, previous.body];
      const order = [...orders.values()].find((o) => o.captures.some((c) => c.id === captureId));
      const capture = order?.captures.find((c) => c.id === captureId);
      if (!order || !capture) return [404, error("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")];
      if (capture.status !== "COMPLETED") return [422, error("UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED")];
      const refund = { id: paypalId(), captureId, status: "COMPLETED" as const };
      order.refunds.push(refund);
      capture.status = "REFUNDED";
      const answer: [number, unknown] = [
        201,
        {
          id: refund.id,
          status: refund.status,
          links: [
            { href: `${url}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
            { href: `${url}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
          ],
        },
      ];
      if (key) answered.set(key, { status: answer[0], body: answer[1] });
      return answer;
    }

    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const required = [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
      ];
      const missing = required.find((f) => typeof body?.[f] !== "string" || !body[f]);
      if (missing || typeof body?.webhook_event !== "object") {
        return [400, error("VALIDATION_ERROR", "MISSING_REQUIRED_PARAMETER", missing)];
      }
      const ok = body.transmission_sig === VALID_SIGNATURE && body.webhook_id === STAND_IN_WEBHOOK_ID;
      return [200, { verification_status: ok ? "SUCCESS" : "FAILURE" }];
    }

    return billing.route(method, path, requestId, body) ?? [404, error("RESOURCE_NOT_FOUND", "INVALID_URI")];
  }

  function token(headers: IncomingHttpHeaders, raw: string): [number, unknown] {
    const expected = `Basic ${Buffer.from(`${STAND_IN_CLIENT_ID}:${STAND_IN_CLIENT_SECRET}`).toString("base64")}`;
    if (headers.authorization !== expected) {
      return [401, { error: "invalid_client", error_description: "Client Authentication failed" }];
    }
    if (new URLSearchParams(raw).get("grant_type") !== "client_credentials") {
      return [400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" }];
    }
    const accessToken = `A21AA${randomBytes(24).toString("hex")}`;
    tokens.add(accessToken);
    return [
      200,
      {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: accessToken,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: 3600,
        nonce: randomUUID(),
      },
    ];
  }

  const send = (res: ServerResponse, [status, body]: [number, unknown], request?: RecordedRequest) => {
    if (res.destroyed) return;
    const text = JSON.stringify(body);
    if (request) request.answer = { status, body: text };
    res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": paypalId().toLowerCase() });
    res.end(text);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const method = req.method ?? "GET";
      const recorded: RecordedRequest = { method, path, headers: req.headers, body: raw };
      requests.push(recorded);
      if (method === "POST" && path === "/v1/oauth2/token") return send(res, token(req.headers, raw), recorded);
      const bearer = req.headers.authorization?.replace(/^Bearer /, "");
      const answer = (): [number, unknown] => {
        if (failures && failures.times > 0) {
          const { status } = failures;
          failures.times--;
          if (status === 401)
            return [401, { error: "invalid_token", error_description: "Token signature verification failed" }];
          return [status, error(status >= 500 ? "INTERNAL_SERVER_ERROR" : "UNPROCESSABLE_ENTITY")];
        }
        if (!bearer || !tokens.has(bearer)) {
          return [401, { error: "invalid_token", error_description: "Authentication failed due to invalid token" }];
        }
        return route(method, path, req.headers, raw);
      };
      if (delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(res, answer(), recorded);
        }, delayMs);
        timers.add(timer);
        delayMs = 0;
      } else {
        send(res, answer(), recorded);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The PayPal stand-in has no order ${orderId}.`);
    return order;
  };

  return {
    url,
    orders,
    requests,
    subscriptions: billing.subscriptions,
    approveSubscription: billing.approveSubscription,
    subscriptionResource: billing.resourceOf,
    approve(orderId) {
      const order = find(orderId);
      if (order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
    },
    decline(orderId, how = "instrument") {
      const order = find(orderId);
      order.decline = how;
      if (order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
    },
    failNext(status, times = 1) {
      failures = { status, times };
    },
    delayNext(ms) {
      delayMs = ms;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A test server whose payments go to a fresh PayPal stand-in; `close` stops both. */
export async function startServerWithPaypal(backend: Backend) {
  const paypal = await startPaypalStandIn();
  const server = await startTestServer(backend, paypalSettings(paypal.url));
  return {
    paypal,
    server,
    async close() {
      await server.close();
      await paypal.close();
    },
  };
}
