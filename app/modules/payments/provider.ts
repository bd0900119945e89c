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
  captureId: string | null;
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
