import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TestModeNotice } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { privateMeta } from "~/lib/seo";
import { formatCents } from "~/modules/giving/amounts";
import { cancelAndRelease, completeAndFulfil } from "~/modules/payments/fulfilment.server";
import { PAYMENT_NOTICES, PAYMENT_PATHS } from "~/modules/payments/outcomes";
import { getPayment, PaymentProviderError } from "~/modules/payments/payments.server";
import type { Route } from "./+types/return";

export const meta: Route.MetaFunction = () => privateMeta("Completing your payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * Where the provider sends the payer back. A GET changes nothing (DESIGN.md): the page posts
 * itself at once to capture (or to record the cancellation), with a button if scripts are off.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const payment = await getPayment(context.db, url.searchParams.get("payment") ?? "");
  if (!payment) throw data(null, { status: 404 });
  return {
    paymentId: payment.id,
    cancelled: url.searchParams.has("cancelled"),
    amount: formatCents(payment.amountCents),
    description: payment.description,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = String(form.get("payment") ?? "");
  const existing = await getPayment(context.db, id);
  if (!existing) throw data(null, { status: 404 });
  const paths = PAYMENT_PATHS[existing.purpose];
  try {
    const payment =
      form.get("cancelled") === "1"
        ? await cancelAndRelease(context.db, context.env, id)
        : await completeAndFulfil(context.db, context.env, id);
    const status = payment?.status ?? "failed";
    if (status === "captured" || status === "refunded") {
      return {
        outcome: "captured" as const,
        purpose: existing.purpose,
        value: existing.amountCents / 100,
        next: paths.success,
      };
    }
    if (status === "cancelled")
      return { outcome: "cancelled" as const, purpose: existing.purpose, next: `${paths.origin}?payment=cancelled` };
    return { outcome: "error" as const, purpose: existing.purpose, next: `${paths.origin}?payment=error` };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.logger.warn({ err: error.message }, "payment capture failed");
    return data(
      { outcome: "error" as const, purpose: existing.purpose, next: `${paths.origin}?payment=error` },
      { status: 502 },
    );
  }
}

declare global {
  interface Window {
    gtag?: (command: "event", name: string, params: Record<string, unknown>) => void;
  }
}

export default function PaymentReturn() {
  const { paymentId, cancelled, amount, description } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, []);

  useEffect(() => {
    if (!result) return;
    if (result.outcome === "captured" && (result.purpose === "gift" || result.purpose === "ceremony-gift")) {
      notify("success", PAYMENT_NOTICES.giftReceived.title, { description: PAYMENT_NOTICES.giftReceived.description });
      // SPEC.md 7: the analytics event "donation", only if an analytics function exists (none is bundled).
      window.gtag?.("event", "donation", { currency: "USD", value: result.value });
    }
    navigate(result.next, { replace: true });
  }, [result, navigate]);

  return (
    <div className="mx-auto max-w-xl px-4 sm:px-6">
      <PageHero eyebrow="Payment" title={cancelled ? "Cancelling your payment" : "Completing your payment"}>
        {description} · {amount}
      </PageHero>
      <div className="card grid gap-4 text-center">
        <TestModeNotice />
        <p aria-live="polite">{busy || !result ? "One moment, please…" : "Done."}</p>
        <Form method="post" ref={form} className="grid justify-center">
          <input type="hidden" name="payment" value={paymentId} />
          {cancelled ? <input type="hidden" name="cancelled" value="1" /> : null}
          <noscript>
            <button type="submit" className="btn-gold">
              {cancelled ? "Confirm cancellation" : "Complete my payment"}
            </button>
          </noscript>
        </Form>
        {result ? (
          <Link to={result.next} className="btn-ghost justify-self-center">
            Continue
          </Link>
        ) : null}
      </div>
    </div>
  );
}
