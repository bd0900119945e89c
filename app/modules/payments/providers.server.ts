import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { site } from "../../lib/site";
import { paypalProvider } from "./paypal.server";
import type { PaymentProvider } from "./provider";
import { testProvider } from "./test-provider.server";

/** The provider PAYMENT_PROVIDER names (env.server.ts refuses "test" in production). */
export function providerFor(db: Db, env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "test") return testProvider(db, env.SITE_URL);
  return paypalProvider({
    baseUrl: env.PAYPAL_API_URL,
    clientId: env.PAYPAL_CLIENT_ID ?? "",
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? "",
    webhookId: env.PAYPAL_WEBHOOK_ID ?? "",
    brandName: site.name,
  });
}

/** Where PayPal's approval pages live (the payer is redirected there after a form post). */
export function paypalCheckoutOrigin(env: Env): string {
  return env.PAYPAL_ENV === "live" ? "https://www.paypal.com" : "https://www.sandbox.paypal.com";
}
