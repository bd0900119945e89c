import {
  type CaptureResult,
  type CreatedOrder,
  type CreateOrderInput,
  centsToValue,
  type PaymentProvider,
  PaymentProviderError,
  valueToCents,
  type WebhookEvent,
} from "./provider";

/**
 * PayPal Checkout over the REST API (Orders v2). The payer approves on PayPal's own pages, so no
 * card data ever passes through us; we only create, capture and refund orders, and ask PayPal to
 * verify its webhook deliveries.
 */
export interface PaypalOptions {
  /** e.g. https://api-m.sandbox.paypal.com, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Shown on PayPal's approval pages. */
  brandName: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON, read defensively field by field.
  data: any;
}

// Renew the token this long before PayPal says it expires, so a call never races its expiry.
const TOKEN_MARGIN_MS = 60_000;

/** PayPal's OAuth client-credentials request (its token endpoint is /v1/oauth2/token). */
export function tokenRequest(clientId: string, clientSecret: string) {
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
  return {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: "grant_type=client_credentials",
  };
}

export function paypalProvider(options: PaypalOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | null = null;
  // One token request at a time: concurrent calls share it instead of each asking PayPal.
  let pendingToken: Promise<string> | null = null;

  /** One HTTP exchange; network failures and timeouts become retryable errors (no URL or secrets in them). */
  async function send(path: string, init: RequestInit): Promise<Answer> {
    try {
      const response = await doFetch(`${options.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, data: parseJson(await response.text()) };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PaymentProviderError(
        timedOut ? `PayPal did not answer within ${timeoutMs} ms.` : "PayPal could not be reached.",
        true,
      );
    }
  }

  /** The error for an unexpected answer: outages and rate limits may be retried, other refusals not. */
  function failure(what: string, answer: Answer) {
    // Only PayPal's error name, issue and debug id: never our request, which may hold tokens.
    const named = answer.data?.name ?? answer.data?.error;
    const name = typeof named === "string" ? ` ${named}` : "";
    const issue = typeof answer.data?.details?.[0]?.issue === "string" ? ` ${answer.data.details[0].issue}` : "";
    const debug = typeof answer.data?.debug_id === "string" ? ` (debug_id ${answer.data.debug_id})` : "";
    const retryable = answer.status >= 500 || answer.status === 429;
    return new PaymentProviderError(`PayPal ${what} failed: HTTP ${answer.status}${name}${issue}${debug}.`, retryable);
  }

  async function fetchToken(): Promise<string> {
    const answer = await send("/v1/oauth2/token", tokenRequest(options.clientId, options.clientSecret));
    const value = answer.data?.access_token;
    if (answer.status !== 200 || typeof value !== "string") throw failure("sign-in", answer);
    const expiresIn = Number(answer.data.expires_in) || 0;
    token = { value, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An authenticated API call. A 401 means PayPal dropped our token early: sign in again, once. */
  async function api(method: string, path: string, body?: unknown, requestId?: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: "application/json",
        // Ask for the full order on capture and GET: the minimal answer has no captures in it.
        prefer: "return=representation",
      };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (requestId) headers["paypal-request-id"] = requestId;
      const payload = typeof body === "string" || body === undefined ? body : JSON.stringify(body);
      const answer = await send(path, { method, headers, body: payload });
      if (answer.status === 401 && attempt === 0) {
        // Forget this token only: another call may have fetched a fresh one meanwhile.
        if (token?.value === bearer) token = null;
        continue;
      }
      return answer;
    }
  }

  /** Reads the capture out of an order (from a capture answer or a GET). */
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON.
  function captureResult(order: any): CaptureResult {
    const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
    if (typeof capture?.status !== "string") throw new PaymentProviderError("PayPal's answer held no capture.", false);
    switch (capture.status) {
      // A capture refunded since is still a capture that happened: capturing again must say so.
      case "COMPLETED":
      case "PARTIALLY_REFUNDED":
      case "REFUNDED":
        if (typeof capture.id !== "string" || typeof capture.amount?.value !== "string") break;
        return {
          status: "completed",
          captureId: capture.id,
          amountCents: valueToCents(capture.amount.value),
          currency: capture.amount.currency_code ?? "USD",
        };
      case "DECLINED":
      case "FAILED":
        return { status: "declined", reason: declineReason(capture.status_details?.reason) };
      case "PENDING":
        // E.g. an eCheck or a review: no money yet; PayPal's webhook tells us when it completes.
        throw new PaymentProviderError("PayPal holds the capture as PENDING.", true);
    }
    throw new PaymentProviderError("PayPal's capture was not understood.", false);
  }

  return {
    name: "paypal",
    cardFields: false,

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      // input.card is deliberately ignored: PayPal collects payment details on its own pages.
      const order = {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: input.paymentId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: options.brandName.slice(0, 127),
              user_action: "PAY_NOW",
              shipping_preference: "NO_SHIPPING",
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      };
      // Our payment id as the idempotency key: a retried create gives back the same order.
      const answer = await api("POST", "/v2/checkout/orders", order, input.paymentId);
      if (answer.status !== 200 && answer.status !== 201) throw failure("create order", answer);
      const links: { rel?: string; href?: string }[] = answer.data?.links ?? [];
      const approve = links.find((l) => l.rel === "payer-action") ?? links.find((l) => l.rel === "approve");
      if (typeof answer.data?.id !== "string" || !approve?.href) {
        throw new PaymentProviderError("PayPal's new order had no approval link.", false);
      }
      return { orderId: answer.data.id, approveUrl: approve.href };
    },

    async captureOrder(orderId: string, paymentId: string): Promise<CaptureResult> {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      // The same key on every retry: PayPal answers a repeat with the first capture, never a second charge.
      const answer = await api("POST", `${path}/capture`, {}, `${paymentId}-capture`);
      if (answer.status === 200 || answer.status === 201) return captureResult(answer.data);
      if (answer.status === 422) {
        const issue = answer.data?.details?.[0]?.issue;
        if (issue === "INSTRUMENT_DECLINED") return { status: "declined", reason: declineReason(issue) };
        if (issue === "ORDER_NOT_APPROVED") return { status: "not-approved" };
        if (issue === "ORDER_ALREADY_CAPTURED") {
          // Captured earlier (perhaps under another key): report that capture, as idempotence asks.
          const existing = await api("GET", path);
          if (existing.status === 200) return captureResult(existing.data);
          throw failure("order lookup", existing);
        }
      }
      throw failure("capture", answer);
    },

    async capturedAlready(orderId: string) {
      const answer = await api("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      if (answer.status !== 200) throw failure("order lookup", answer);
      if (answer.data?.status !== "COMPLETED") return null;
      const result = captureResult(answer.data);
      return result.status === "completed" ? result : null;
    },

    async refundCapture(captureId: string, paymentId: string) {
      const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
      // An empty body refunds the whole capture.
      const answer = await api("POST", path, {}, `${paymentId}-refund`);
      if ((answer.status !== 200 && answer.status !== 201) || typeof answer.data?.id !== "string") {
        throw failure("refund", answer);
      }
      return { refundId: answer.data.id };
    },

    async verifyWebhook(headers: Headers, rawBody: string): Promise<WebhookEvent | null> {
      const event = parseJson(rawBody);
      if (!event || typeof event !== "object" || Array.isArray(event)) return null;
      if (typeof event.id !== "string" || typeof event.event_type !== "string") return null;
      const fields = {
        auth_algo: headers.get("paypal-auth-algo"),
        cert_url: headers.get("paypal-cert-url"),
        transmission_id: headers.get("paypal-transmission-id"),
        transmission_sig: headers.get("paypal-transmission-sig"),
        transmission_time: headers.get("paypal-transmission-time"),
        webhook_id: options.webhookId,
      };
      if (Object.values(fields).some((v) => !v)) return null;
      // The event goes to PayPal byte for byte as delivered: the signature covers the raw body,
      // and a re-serialized copy can fail verification.
      const request = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const answer = await api("POST", "/v1/notifications/verify-webhook-signature", request);
      // PayPal rejecting the fields (bad cert URL, malformed headers) means the delivery is not authentic.
      if (answer.status === 400 || answer.status === 422) return null;
      if (answer.status !== 200) throw failure("webhook verification", answer);
      if (answer.data?.verification_status !== "SUCCESS") return null;
      return webhookEvent(event);
    },
  };
}

/** JSON or, when it is not, null: PayPal's bodies are read defensively, field by field. */
// biome-ignore lint/suspicious/noExplicitAny: see above.
function parseJson(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function declineReason(reason: string | undefined) {
  return reason ? `PayPal declined the payment (${reason}).` : "PayPal declined the payment.";
}

/** The capture a refund belongs to: the id at the end of its "up" link. */
// biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON.
function upCapture(resource: any): string | null {
  const links: { rel?: string; href?: string }[] = Array.isArray(resource.links) ? resource.links : [];
  const up = links.find((l) => l.rel === "up")?.href;
  return (typeof up === "string" ? up.match(/\/captures\/([^/?#]+)\/?$/)?.[1] : null) ?? null;
}

// biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON.
function webhookEvent(event: any): WebhookEvent {
  const type: string = event.event_type;
  const resource = event.resource ?? {};
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  let orderId: string | null = null;
  let captureId: string | null = null;
  if (type.startsWith("CHECKOUT.ORDER.")) {
    orderId = str(resource.id);
  } else if (type.startsWith("PAYMENT.CAPTURE.")) {
    orderId = str(resource.supplementary_data?.related_ids?.order_id);
    if (type === "PAYMENT.CAPTURE.REFUNDED" || event.resource_type === "refund") {
      // The resource is the refund; its "up" link points at the capture it refunds.
      captureId = upCapture(resource);
    } else if (type === "PAYMENT.CAPTURE.REVERSED") {
      // A reversal's resource may be the refund PayPal made (an "up" link) or the capture itself.
      captureId = upCapture(resource) ?? str(resource.id);
    } else {
      captureId = str(resource.id);
    }
  }
  return { id: event.id, eventType: type, orderId, captureId };
}
