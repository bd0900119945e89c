import { failure, type PaypalClientOptions, parseJson, paypalClient } from "./paypal-client.server";
import { memoryPlanStore, type PlanStore, paypalSubscriptions, subscriptionOf } from "./paypal-subscriptions.server";
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
export interface PaypalOptions extends PaypalClientOptions {
  webhookId: string;
  /** Shown on PayPal's approval pages. */
  brandName: string;
  /** Where the subscription plans made once are kept (the database on a server). */
  plans?: PlanStore;
}

export function paypalProvider(options: PaypalOptions): PaymentProvider {
  const api = paypalClient(options);

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
    subscriptions: paypalSubscriptions(api, options.brandName, options.plans ?? memoryPlanStore()),

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
  let sale: WebhookEvent["sale"] = null;
  if (type.startsWith("BILLING.SUBSCRIPTION.")) {
    return { id: event.id, eventType: type, orderId, captureId, subscription: subscriptionOf(resource), sale };
  }
  if (type.startsWith("PAYMENT.SALE.")) {
    // A subscription's collection (the v1 sale): completed, or money returned (the refund names its sale).
    if (type === "PAYMENT.SALE.COMPLETED") {
      const subscriptionId = str(resource.billing_agreement_id);
      const id = str(resource.id);
      const total = str(resource.amount?.total);
      if (id && subscriptionId && total && /^\d+(\.\d{1,2})?$/.test(total)) {
        sale = {
          id,
          subscriptionId,
          amountCents: valueToCents(total),
          currency: str(resource.amount?.currency) ?? "USD",
        };
      }
      captureId = id;
    } else {
      captureId = str(resource.sale_id) ?? str(resource.id);
    }
    return { id: event.id, eventType: type, orderId, captureId, subscription: null, sale };
  }
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
  return { id: event.id, eventType: type, orderId, captureId, subscription: null, sale };
}
