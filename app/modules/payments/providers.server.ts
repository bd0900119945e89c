import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { site } from "../../lib/site";
import { paypalProvider } from "./paypal.server";
import type { PlanStore } from "./paypal-subscriptions.server";
import { type PaymentProvider, PaymentProviderError } from "./provider";
import { paypalPlans } from "./schema";
import { testProvider } from "./test-provider.server";

/** Whether money can be taken online at all: PAYMENT_PROVIDER=none turns it off (giving and booking say how else). */
export const onlinePayments = (env: Pick<Env, "PAYMENT_PROVIDER">) => env.PAYMENT_PROVIDER !== "none";

/**
 * The provider PAYMENT_PROVIDER names (env.server.ts refuses "test" in production). With "none"
 * every call fails as a provider refusal, so nothing is recorded or charged, and a refund asked of
 * an earlier payment says it could not be made.
 */
export function providerFor(db: Db, env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "none") {
    throw new PaymentProviderError("Online payments are off (PAYMENT_PROVIDER=none).", false);
  }
  if (env.PAYMENT_PROVIDER === "test") return testProvider(db, env.SITE_URL);
  return paypalProvider({
    baseUrl: env.PAYPAL_API_URL,
    clientId: env.PAYPAL_CLIENT_ID ?? "",
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? "",
    webhookId: env.PAYPAL_WEBHOOK_ID ?? "",
    brandName: site.name,
    plans: databasePlanStore(db),
  });
}

/** PayPal's plans kept in the database: made once, then the same for every instance (two may make one at once: the first kept wins). */
function databasePlanStore(db: Db): PlanStore {
  return {
    async get(interval) {
      const [row] = await db.select().from(paypalPlans).where(eq(paypalPlans.interval, interval));
      return row?.planId ?? null;
    },
    async save(interval, planId) {
      await db.insert(paypalPlans).values({ interval, planId }).onConflictDoNothing();
    },
  };
}

/** Where PayPal's approval pages live (the payer is redirected there after a form post). */
export function paypalCheckoutOrigin(env: Env): string {
  return env.PAYPAL_ENV === "live" ? "https://www.paypal.com" : "https://www.sandbox.paypal.com";
}
