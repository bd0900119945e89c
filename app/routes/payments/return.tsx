import { useEffect, useRef } from "react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { NoticeBox } from "~/components/forms/notice-box";
import { TestModeNotice } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { appContext } from "~/context";
import { FormRefusal, handleForm, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { privateMeta } from "~/lib/private-meta";
import { formatCents } from "~/modules/giving/amounts";
import { GIVING_MESSAGES } from "~/modules/giving/messages";
import { cancelAndRelease, completeAndFulfil } from "~/modules/payments/fulfilment.server";
import { PAYMENT_PATHS } from "~/modules/payments/outcomes";
import { getPayment, PaymentProviderError } from "~/modules/payments/payments.server";
import type { Route } from "./+types/return";

export const meta: Route.MetaFunction = () => privateMeta("Completing your payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * Where the provider sends the payer back. A GET changes nothing (DESIGN.md): the page posts
 * itself at once to capture (or to record the cancellation), with a button if scripts are off.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const url = new URL(request.url);
  const payment = await getPayment(handles.db, url.searchParams.get("payment") ?? "");
  if (!payment) throw data(null, { status: 404 });
  return {
    paymentId: payment.id,
    cancelled: url.searchParams.has("cancelled"),
    amount: formatCents(payment.amountCents),
    description: payment.description,
  };
}

/** Said when the capture's answer did not arrive (the database or the connection): trying again is safe. */
const NOT_COMPLETED = {
  title: "Payment not completed yet",
  description: "We could not finish just now. Nothing is charged twice: please try again.",
};

/**
 * Captures the approved payment (or records its cancellation), then leads on: to the success
 * page, or back to where the payment started with its notice. The payment is its own one-time
 * key: capturing a captured payment answers as the first time did, so a resend is safe.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  const existing = await getPayment(handles.db, submission.fields.payment ?? "");
  if (!existing) throw data(null, { status: 404 });
  const { purpose } = existing;
  const paths = PAYMENT_PATHS[purpose];
  return handleForm(submission, NOT_COMPLETED, handles.logger, async () => {
    let status: string;
    try {
      const payment =
        submission.fields.cancelled === "1"
          ? await cancelAndRelease(handles.db, handles.env, existing.id)
          : await completeAndFulfil(handles.db, handles.env, existing.id);
      status = payment?.status ?? "failed";
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // The provider did not answer: the payment may yet complete, so the payer stays here to try
      // again rather than going back to a form that invites paying twice.
      handles.logger.warn({ err: error.message }, "payment capture failed");
      throw new FormRefusal(refused(submission, NOT_COMPLETED, 502));
    }
    const outcome =
      status === "captured" || status === "refunded" ? "captured" : status === "cancelled" ? "cancelled" : "error";
    const next = outcome === "captured" ? paths.success : `${paths.origin}?payment=${outcome}`;
    return succeeded(request, {
      redirectTo: next,
      data: { outcome, purpose, value: existing.amountCents / 100, next },
    });
  });
}

/** A dropped connection keeps the page, with its notice and the button to try again. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_COMPLETED);

declare global {
  interface Window {
    gtag?: (command: "event", name: string, params: Record<string, unknown>) => void;
  }
}

export default function PaymentReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { paymentId, cancelled, amount, description } = loaderData;
  const result = actionData;
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const movedOn = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, []);

  // Moving on waits until the page has settled: React Router hands over the action's answer while it
  // still reloads the page's data (/payments/return.data), and leaving then cuts that reload off,
  // which Firefox reports as two uncaught "TypeError: Error in input stream".
  useEffect(() => {
    if (!result?.ok || !result.data || busy || movedOn.current) return;
    movedOn.current = true;
    const { outcome, purpose, value, next } = result.data;
    if (outcome === "captured" && (purpose === "gift" || purpose === "ceremony-gift")) {
      notify("success", GIVING_MESSAGES.received.title, { description: GIVING_MESSAGES.received.description });
      // The spec: the analytics event "donation", only if an analytics function exists (none is bundled).
      window.gtag?.("event", "donation", { currency: "USD", value });
    }
    navigate(next, { replace: true });
  }, [result, busy, navigate]);

  const failed = result && !result.ok ? (result.formError ?? NOT_COMPLETED) : null;
  const label = cancelled ? "Confirm cancellation" : "Complete my payment";
  return (
    <div className="mx-auto max-w-xl px-4 sm:px-6">
      <PageHero eyebrow="Payment" title={cancelled ? "Cancelling your payment" : "Completing your payment"}>
        {description} · {amount}
      </PageHero>
      <div className="card grid gap-4 text-center">
        <TestModeNotice />
        {failed ? (
          <NoticeBox notice={failed} dense />
        ) : (
          <p aria-live="polite">{busy || !result ? "One moment, please…" : "Done."}</p>
        )}
        <Form method="post" ref={form} className="grid justify-center">
          <input type="hidden" name="payment" value={paymentId} />
          {cancelled ? <input type="hidden" name="cancelled" value="1" /> : null}
          {failed ? (
            <button type="submit" className="btn-gold" disabled={busy}>
              {busy ? "One moment…" : label}
            </button>
          ) : (
            <noscript>
              <button type="submit" className="btn-gold">
                {label}
              </button>
            </noscript>
          )}
        </Form>
      </div>
    </div>
  );
}
