import { failure, type PaypalApi } from "./paypal-client.server";
import {
  centsToValue,
  type Interval,
  PaymentProviderError,
  type ProviderSubscription,
  type SubscriptionApi,
} from "./provider";

/**
 * Recurring gifts through PayPal Subscriptions (billing_subscriptions_v1, with a product from
 * catalogs_products_v1). PayPal bills against a plan: one plan per interval, made once and kept
 * (PlanStore), priced at $1 and overridden per subscription with the donor's amount, so any amount
 * needs no plan of its own. PayPal retries a failed collection and suspends the subscription after
 * PAYMENT_FAILURE_THRESHOLD failures in a row; each step reaches us by webhook.
 */
export interface PlanStore {
  get(interval: Interval): Promise<string | null>;
  save(interval: Interval, planId: string): Promise<void>;
}

/** Failed collections in a row before PayPal suspends the subscription (it retries in between). */
export const PAYMENT_FAILURE_THRESHOLD = 3;

/** A plan store for one process (the contract test); the server keeps plans in the database. */
export function memoryPlanStore(): PlanStore {
  const plans = new Map<Interval, string>();
  return {
    get: async (interval) => plans.get(interval) ?? null,
    save: async (interval, planId) => {
      plans.set(interval, planId);
    },
  };
}

const UNIT = { month: "MONTH", year: "YEAR" } as const;

/** PayPal's subscription statuses in our words. */
function statusOf(status: unknown): ProviderSubscription["status"] {
  switch (status) {
    case "ACTIVE":
      return "active";
    case "SUSPENDED":
      return "suspended";
    case "CANCELLED":
    case "EXPIRED":
      return "cancelled";
    default:
      return "pending";
  }
}

const dateOr = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? new Date(value) : null;

/** A subscription resource (an API answer or a BILLING.SUBSCRIPTION.* webhook's resource) in our words. */
// biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON, read field by field.
export function subscriptionOf(resource: any): ProviderSubscription | null {
  if (typeof resource?.id !== "string" || !resource.id) return null;
  const billing = resource.billing_info ?? {};
  return {
    id: resource.id,
    status: statusOf(resource.status),
    recurringId: typeof resource.custom_id === "string" ? resource.custom_id : null,
    nextBillingAt: dateOr(billing.next_billing_time),
    failedPayments: Number.isInteger(billing.failed_payments_count) ? billing.failed_payments_count : 0,
    nextRetryAt: dateOr(billing.last_failed_payment?.next_payment_retry_time),
  };
}

export function paypalSubscriptions(api: PaypalApi, brandName: string, plans: PlanStore): SubscriptionApi {
  /** The product all plans belong to, made once (the same request id makes a retry the same product). */
  async function product(): Promise<string> {
    const body = {
      name: `Offerings to ${brandName}`.slice(0, 127),
      type: "SERVICE",
      category: "RELIGIOUS_ORGANIZATIONS",
    };
    const answer = await api("POST", "/v1/catalogs/products", body, "recurring-offerings-product");
    if ((answer.status !== 200 && answer.status !== 201) || typeof answer.data?.id !== "string") {
      throw failure("create product", answer);
    }
    return answer.data.id;
  }

  /** The plan of an interval, made the first time it is needed and kept. */
  async function planFor(interval: Interval): Promise<string> {
    const kept = await plans.get(interval);
    if (kept) return kept;
    const body = {
      product_id: await product(),
      name: `${interval === "month" ? "Monthly" : "Yearly"} offering`,
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: UNIT[interval], interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 1,
          // 0: until cancelled.
          total_cycles: 0,
          pricing_scheme: { fixed_price: { currency_code: "USD", value: "1.00" } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: PAYMENT_FAILURE_THRESHOLD },
    };
    const answer = await api("POST", "/v1/billing/plans", body, `recurring-offerings-plan-${interval}`);
    if ((answer.status !== 200 && answer.status !== 201) || typeof answer.data?.id !== "string") {
      throw failure("create plan", answer);
    }
    await plans.save(interval, answer.data.id);
    return answer.data.id;
  }

  const path = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;

  /** A suspend, activate or cancel: 204, or 422 when it stands so already (read back to be sure). */
  async function move(id: string, action: "suspend" | "activate" | "cancel", reason: string, want: string) {
    const answer = await api("POST", `${path(id)}/${action}`, { reason: reason.slice(0, 128) });
    if (answer.status === 204) return;
    if (answer.status === 422) {
      const now = await api("GET", path(id));
      if (now.status === 200 && statusOf(now.data?.status) === want) return;
    }
    throw failure(action, answer);
  }

  return {
    async create(input) {
      const body = {
        plan_id: await planFor(input.interval),
        custom_id: input.recurringId,
        plan: {
          billing_cycles: [
            {
              sequence: 1,
              pricing_scheme: { fixed_price: { currency_code: "USD", value: centsToValue(input.amountCents) } },
            },
          ],
        },
        application_context: {
          brand_name: brandName.slice(0, 127),
          shipping_preference: "NO_SHIPPING",
          user_action: "SUBSCRIBE_NOW",
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      };
      // Our recurring gift's id as the idempotency key: a retried create gives back the same subscription.
      const answer = await api("POST", "/v1/billing/subscriptions", body, input.recurringId);
      if (answer.status !== 200 && answer.status !== 201) throw failure("create subscription", answer);
      const links: { rel?: string; href?: string }[] = answer.data?.links ?? [];
      const approve = links.find((l) => l.rel === "approve");
      if (typeof answer.data?.id !== "string" || !approve?.href) {
        throw new PaymentProviderError("PayPal's new subscription had no approval link.", false);
      }
      return { subscriptionId: answer.data.id, approveUrl: approve.href };
    },

    async get(id) {
      const answer = await api("GET", path(id));
      const read = answer.status === 200 ? subscriptionOf(answer.data) : null;
      if (!read) throw failure("subscription lookup", answer);
      return read;
    },

    async changeAmount(id, amountCents) {
      const patch = [
        {
          op: "replace",
          path: "/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price",
          value: { currency_code: "USD", value: centsToValue(amountCents) },
        },
      ];
      const answer = await api("PATCH", path(id), patch);
      if (answer.status !== 204) throw failure("change amount", answer);
    },

    suspend: (id, reason) => move(id, "suspend", reason, "suspended"),
    activate: (id, reason) => move(id, "activate", reason, "active"),
    cancel: (id, reason) => move(id, "cancel", reason, "cancelled"),
  };
}
