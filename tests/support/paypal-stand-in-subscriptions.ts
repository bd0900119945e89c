import { randomBytes } from "node:crypto";

/**
 * The PayPal stand-in's Subscriptions (billing_subscriptions_v1) and Catalog Products
 * (catalogs_products_v1): products, plans and subscriptions in PayPal's shapes, enough for our
 * provider's calls (tests/integration/paypal-contract.test.ts holds both to PayPal's documents).
 * The test approves a subscription as the payer would on PayPal's page (`approveSubscription`), and
 * tells of collections by the webhooks PayPal would send.
 */

export interface StandInSubscription {
  id: string;
  status: "APPROVAL_PENDING" | "ACTIVE" | "SUSPENDED" | "CANCELLED";
  planId: string;
  customId: string;
  /** The amount each period, after the create's plan override and any PATCH since. */
  price: { currency_code: string; value: string };
  failedPayments: number;
  request: Record<string, unknown>;
}

type Answer = [number, unknown];

/** PayPal's documented words for a subscription in the wrong state for an action (billing_subscriptions_v1). */
const STATUS_INVALID: Record<string, string> = {
  patch: "Invalid subscription status for patch action; subscription status should be either active or suspended.",
  suspend: "Invalid subscription status for suspend action; subscription status should be active.",
  activate: "Invalid subscription status for activate action; subscription status should be suspended.",
  cancel: "Invalid subscription status for cancel action; subscription status should be active or suspended.",
};
type ErrorOf = (name: string, issue?: string, description?: string) => unknown;

const paypalId = (prefix: string) =>
  `${prefix}${randomBytes(9)
    .toString("hex")
    .toUpperCase()
    .slice(0, 17 - prefix.length)}`;

export function standInSubscriptions(baseUrl: () => string, error: ErrorOf) {
  const subscriptions = new Map<string, StandInSubscription>();
  const plans = new Map<string, { id: string; productId: string; request: Record<string, unknown> }>();
  const byRequestId = new Map<string, string>();
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

  const subscriptionJson = (s: StandInSubscription) => ({
    id: s.id,
    status: s.status,
    status_update_time: now(),
    plan_id: s.planId,
    custom_id: s.customId,
    plan_overridden: true,
    start_time: now(),
    quantity: "1",
    create_time: now(),
    ...(s.status === "APPROVAL_PENDING"
      ? {}
      : {
          billing_info: {
            outstanding_balance: { currency_code: s.price.currency_code, value: "0.00" },
            failed_payments_count: s.failedPayments,
            ...(s.status === "ACTIVE"
              ? { next_billing_time: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z") }
              : {}),
          },
        }),
    links: [
      ...(s.status === "APPROVAL_PENDING"
        ? [{ href: `${baseUrl()}/webapps/billing/subscriptions?ba_token=BA-${s.id}`, rel: "approve", method: "GET" }]
        : []),
      { href: `${baseUrl()}/v1/billing/subscriptions/${s.id}`, rel: "self", method: "GET" },
    ],
  });

  const money = (v: unknown): v is { currency_code: string; value: string } =>
    typeof v === "object" && v !== null && /^\d+\.\d{2}$/.test(String((v as { value?: unknown }).value));

  // biome-ignore lint/suspicious/noExplicitAny: request JSON, checked as it is used.
  function route(method: string, path: string, requestId: string | undefined, body: any): Answer | null {
    if (method === "POST" && path === "/v1/catalogs/products") {
      const known = requestId && byRequestId.get(`product:${requestId}`);
      const id = known || paypalId("PROD-");
      if (requestId) byRequestId.set(`product:${requestId}`, id);
      if (typeof body?.name !== "string" || typeof body?.type !== "string") {
        return [400, error("INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER")];
      }
      return [201, { id, name: body.name, type: body.type, category: body.category, create_time: now() }];
    }
    if (method === "POST" && path === "/v1/billing/plans") {
      const known = requestId && byRequestId.get(`plan:${requestId}`);
      if (known) return [201, { id: known, product_id: plans.get(known)?.productId, status: "ACTIVE" }];
      if (typeof body?.product_id !== "string" || !Array.isArray(body?.billing_cycles)) {
        return [400, error("INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER")];
      }
      const id = paypalId("P-");
      plans.set(id, { id, productId: body.product_id, request: body });
      if (requestId) byRequestId.set(`plan:${requestId}`, id);
      return [201, { id, product_id: body.product_id, name: body.name, status: "ACTIVE", create_time: now() }];
    }
    if (method === "POST" && path === "/v1/billing/subscriptions") {
      const known = requestId && byRequestId.get(`subscription:${requestId}`);
      if (known) return [201, subscriptionJson(subscriptions.get(known) as StandInSubscription)];
      const price = body?.plan?.billing_cycles?.[0]?.pricing_scheme?.fixed_price;
      if (!plans.has(body?.plan_id) || !money(price))
        return [422, error("UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE")];
      const s: StandInSubscription = {
        id: paypalId("I-"),
        status: "APPROVAL_PENDING",
        planId: body.plan_id,
        customId: body.custom_id ?? "",
        price,
        failedPayments: 0,
        request: body,
      };
      subscriptions.set(s.id, s);
      if (requestId) byRequestId.set(`subscription:${requestId}`, s.id);
      return [201, subscriptionJson(s)];
    }
    const one = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(suspend|activate|cancel))?$/);
    if (!one) return null;
    const s = subscriptions.get(decodeURIComponent(one[1] ?? ""));
    if (!s) return [404, error("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")];
    const action = one[2];
    if (method === "GET" && !action) return [200, subscriptionJson(s)];
    if (method === "PATCH" && !action) {
      const replace = Array.isArray(body) ? body[0] : null;
      if (replace?.path !== "/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price" || !money(replace.value)) {
        return [422, error("UNPROCESSABLE_ENTITY", "INVALID_PATCH_OPERATION")];
      }
      if (s.status !== "ACTIVE" && s.status !== "SUSPENDED") {
        return [422, error("UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID", STATUS_INVALID.patch)];
      }
      s.price = replace.value;
      return [204, null];
    }
    if (method !== "POST" || !action) return [405, error("METHOD_NOT_SUPPORTED")];
    if (typeof body?.reason !== "string" && action !== "activate") {
      return [400, error("INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER")];
    }
    const allowed = { suspend: ["ACTIVE"], activate: ["SUSPENDED"], cancel: ["ACTIVE", "SUSPENDED"] }[action] ?? [];
    if (!allowed.includes(s.status)) {
      return [422, error("UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID", STATUS_INVALID[action])];
    }
    s.status = action === "suspend" ? "SUSPENDED" : action === "activate" ? "ACTIVE" : "CANCELLED";
    return [204, null];
  }

  return {
    subscriptions,
    plans,
    route,
    /** The payer approves on PayPal's page: the subscription is active. */
    approveSubscription(id: string) {
      const s = subscriptions.get(id);
      if (!s) throw new Error(`The PayPal stand-in has no subscription ${id}.`);
      if (s.status === "APPROVAL_PENDING") s.status = "ACTIVE";
      return subscriptionJson(s);
    },
    /** The subscription as a webhook's resource carries it (after `failedPayments` failures, if given). */
    resourceOf(id: string, failedPayments?: number) {
      const s = subscriptions.get(id);
      if (!s) throw new Error(`The PayPal stand-in has no subscription ${id}.`);
      if (failedPayments !== undefined) s.failedPayments = failedPayments;
      return subscriptionJson(s);
    },
  };
}
