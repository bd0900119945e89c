import { data } from "react-router";
import { appContext } from "~/context";
import { handleWebhook } from "~/modules/payments/fulfilment.server";
import { onlinePayments, providerFor } from "~/modules/payments/providers.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import type { Route } from "./+types/webhook";

/**
 * PayPal's webhook deliveries. Only a delivery PayPal verifies is acted on; the event id makes a
 * replay harmless. A 2xx tells PayPal to stop retrying; a 5xx (or a 429 past the rate limit) asks it
 * to try again later.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  // No provider, nothing to hear from: as if the route did not exist.
  if (!onlinePayments(handles.env)) throw data(null, { status: 404 });
  // Counted before anything else: each delivery's verification is a call to the provider (issue 28).
  const limited = await hit(handles.db, RATE_LIMITS.paymentWebhook, handles.clientIp);
  if (!limited.allowed) {
    return new Response(null, { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  }
  const raw = await request.text();
  // Said in words for whoever reads PayPal's delivery log; nothing of the delivery is read before it verifies.
  if (raw.length > 100_000) return refusal(413, "A delivery is at most 100 kB.");
  const event = await providerFor(handles.db, handles.env).verifyWebhook(request.headers, raw);
  if (!event) return refusal(400, "The delivery's signature did not verify; nothing was done.");
  const outcome = await handleWebhook(handles.db, handles.env, event);
  handles.logger.info({ eventType: event.eventType, outcome }, "payment webhook");
  // Money returned on a capture not recorded yet (deliveries out of order): PayPal retries a 5xx later.
  if (outcome === "early")
    return refusal(503, "The payment this event concerns is not recorded yet; deliver it again later.");
  return new Response(null, { status: 204 });
}

const refusal = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function loader() {
  throw data(null, { status: 404 });
}
