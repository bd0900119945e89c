import { tokenRequest } from "./paypal-client.server";
/**
 * The start-up check of PayPal's credentials: one OAuth token request, as the provider makes before
 * its first call (paypal.server.ts). Wrong credentials (a typo, sandbox ones against live) are
 * refused before a payer meets them; a PayPal that cannot be reached does not stop the site.
 */
export interface PaypalCheckOptions {
  /** e.g. https://api-m.paypal.com, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  environment: "live" | "sandbox";
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type PaypalCheck =
  | { kind: "accepted" }
  /** PayPal said the credentials are wrong: the server must not start. */
  | { kind: "refused"; message: string }
  /** No answer, or one that says nothing about the credentials: start, and say so. */
  | { kind: "unchecked"; message: string };

export async function checkPaypalCredentials(options: PaypalCheckOptions): Promise<PaypalCheck> {
  const host = new URL(options.baseUrl).host;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const unchecked = (why: string): PaypalCheck => ({
    kind: "unchecked",
    message: `PayPal's credentials could not be checked at ${host} (${why}). Starting anyway; payments fail until PayPal accepts them.`,
  });
  let status: number;
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON, read field by field.
  let body: any = null;
  try {
    const response = await doFetch(`${options.baseUrl}/v1/oauth2/token`, {
      ...tokenRequest(options.clientId, options.clientSecret),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return unchecked(timedOut ? `no answer within ${timeoutMs} ms` : "PayPal could not be reached");
  }
  if (status === 200 && typeof body?.access_token === "string") return { kind: "accepted" };
  // PayPal answers wrong credentials with 401 invalid_client (never with the secret in it).
  if (status === 401 || body?.error === "invalid_client") {
    const other = options.environment === "live" ? "sandbox" : "live";
    return {
      kind: "refused",
      message: `PayPal refused PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET at ${host} (PAYPAL_ENV=${options.environment}): HTTP ${status}${typeof body?.error === "string" ? ` ${body.error}` : ""}. Copy both again from the ${options.environment === "live" ? "Live" : "Sandbox"} tab of PayPal's developer dashboard; ${other} credentials need PAYPAL_ENV=${other}. Or set PAYMENT_PROVIDER=none to run without online payments.`,
    };
  }
  return unchecked(`HTTP ${status}`);
}
