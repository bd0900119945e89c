import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import type { CollectedSale, ProviderSubscription } from "./provider";

/** What the provider says happened to a subscription, in our words. */
export type SubscriptionChange = "activated" | "suspended" | "cancelled" | "payment-failed";

/**
 * What recurring gifts do when the provider collects or changes a subscription. Payments knows
 * nothing of gifts: the giving module registers these (app/modules/registry.server.ts), as each
 * payment purpose registers its own (purposes.server.ts).
 */
export interface SubscriptionHandlers {
  /** A collection went through; "early" when the subscription is not ours yet (the provider retries). */
  onCollected(db: Db, env: Env, sale: CollectedSale): Promise<"handled" | "early">;
  onChanged(
    db: Db,
    env: Env,
    change: SubscriptionChange,
    subscription: ProviderSubscription,
  ): Promise<"handled" | "early">;
}

let registered: SubscriptionHandlers | null = null;

export function registerSubscriptionHandlers(handlers: SubscriptionHandlers) {
  registered = handlers;
}

export function subscriptionHandlers(): SubscriptionHandlers {
  if (!registered) throw new Error("no subscription handlers registered (app/modules/registry.server.ts)");
  return registered;
}

/** PayPal's BILLING.SUBSCRIPTION.* event types in our words; null for those that change nothing of ours. */
export function changeOf(eventType: string): SubscriptionChange | null {
  switch (eventType) {
    case "BILLING.SUBSCRIPTION.ACTIVATED":
    case "BILLING.SUBSCRIPTION.RE-ACTIVATED":
      return "activated";
    case "BILLING.SUBSCRIPTION.SUSPENDED":
      return "suspended";
    case "BILLING.SUBSCRIPTION.CANCELLED":
    case "BILLING.SUBSCRIPTION.EXPIRED":
      return "cancelled";
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      return "payment-failed";
    default:
      return null;
  }
}
