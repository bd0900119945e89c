/**
 * What the product needs from a payment provider (DESIGN.md "payments"). Amounts are integer
 * cents decided by our server; the browser never states what is charged. Two implementations:
 * PayPal Orders v2 over REST (paypal.server.ts) and the local test provider (test-provider.server.ts).
 */

export type ProviderName = "paypal" | "test";

export interface CreateOrderInput {
  /** Our payment id: PayPal's reference_id and the idempotency key of the create call. */
  paymentId: string;
  amountCents: number;
  currency: "USD";
  /** Shown to the payer, e.g. "Offering to the church - $108". */
  description: string;
  /** Where the provider sends the payer after approving, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
  /** Test mode's card fields: only the last four digits and the cardholder (DESIGN.md "Card fields"). */
  card?: { last4: string; name: string };
}

export interface CreatedOrder {
  orderId: string;
  /** Where the payer approves; null when the order is already approved (test mode card fields). */
  approveUrl: string | null;
}

export interface CompletedCapture {
  captureId: string;
  amountCents: number;
  currency: string;
}

export type CaptureResult =
  | ({ status: "completed" } & CompletedCapture)
  | { status: "declined"; reason: string }
  | { status: "not-approved" };

export interface WebhookEvent {
  id: string;
  eventType: string;
  /** The order id the event concerns (from the resource or its related ids), if any. */
  orderId: string | null;
  /** The capture (or, for a subscription's payment, the sale) the event concerns, if any. */
  captureId: string | null;
  /** A subscription's state, when the event is about one (BILLING.SUBSCRIPTION.*). */
  subscription: ProviderSubscription | null;
  /** A payment a subscription collected (PAYMENT.SALE.COMPLETED). */
  sale: CollectedSale | null;
}

/** How often a recurring gift is collected. */
export type Interval = "month" | "year";

export interface CreateSubscriptionInput {
  /** Our recurring gift's id: the subscription's custom_id and the idempotency key of the create call. */
  recurringId: string;
  amountCents: number;
  interval: Interval;
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider holds it, in our words. */
export interface ProviderSubscription {
  id: string;
  /** pending: not approved yet; suspended: paused (by the donor, or by the provider after failed collections). */
  status: "pending" | "active" | "suspended" | "cancelled";
  /** Our recurring gift's id, as sent when it was created (custom_id), if the provider tells it. */
  recurringId: string | null;
  nextBillingAt: Date | null;
  /** Collections that failed in a row (the provider retries them, then suspends). */
  failedPayments: number;
  /** When a failed collection is tried again, if one is due. */
  nextRetryAt: Date | null;
}

export interface CollectedSale {
  id: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
}

/**
 * Recurring gifts (PayPal Subscriptions, billing_subscriptions_v1): the donor approves on the
 * provider's page; the provider collects each period and tells us by webhook (or, in test mode, by
 * the test provider's own collection run).
 */
export interface SubscriptionApi {
  create(input: CreateSubscriptionInput): Promise<{ subscriptionId: string; approveUrl: string }>;
  get(subscriptionId: string): Promise<ProviderSubscription>;
  /** The amount of the collections to come (not one already under way). */
  changeAmount(subscriptionId: string, amountCents: number): Promise<void>;
  suspend(subscriptionId: string, reason: string): Promise<void>;
  activate(subscriptionId: string, reason: string): Promise<void>;
  cancel(subscriptionId: string, reason: string): Promise<void>;
}

export interface PaymentProvider {
  name: ProviderName;
  /** Test mode shows the spec's card fields; PayPal hosts its own. */
  cardFields: boolean;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Idempotent: capturing twice with the same paymentId gives the same result, never a second charge. */
  captureOrder(orderId: string, paymentId: string): Promise<CaptureResult>;
  /**
   * The capture an order already has, asked without capturing: an earlier capture call may have
   * completed at the provider after we stopped waiting for it.
   */
  capturedAlready(orderId: string): Promise<CompletedCapture | null>;
  refundCapture(captureId: string, paymentId: string): Promise<{ refundId: string }>;
  /** Verifies a webhook delivery (headers and raw body); null when it is not authentic. */
  verifyWebhook(headers: Headers, rawBody: string): Promise<WebhookEvent | null>;
  subscriptions: SubscriptionApi;
}

/** A provider call that failed: declined cards are CaptureResult, this is for outages, timeouts and bad answers. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export const centsToValue = (cents: number) => (cents / 100).toFixed(2);
export const valueToCents = (value: string) => Math.round(Number(value) * 100);
