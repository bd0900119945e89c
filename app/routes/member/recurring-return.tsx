import { useEffect, useRef } from "react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { NoticeBox } from "~/components/forms/notice-box";
import { TestModeNotice } from "~/components/payments/test-mode-notice";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { privateMeta } from "~/lib/private-meta";
import { ownRecurring, turnedBack } from "~/modules/giving/recurring.server";
import { confirmRecurringReturn } from "~/modules/giving/recurring-events.server";
import { amountWords } from "~/modules/giving/recurring-mail";
import { PaymentProviderError } from "~/modules/payments/provider";
import type { Route } from "./+types/recurring-return";

export const meta: Route.MetaFunction = () => privateMeta("Setting up your offering");
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * Where the provider sends a donor back after approving (or not) their recurring offering. A GET
 * changes nothing (DESIGN.md): the page posts itself at once, with a button when scripts are off.
 * Only the member whose offering it is may come here (another gets a 404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const row = await ownRecurring(handles.db, viewer.id, params.id);
  if (!row) throw data(null, { status: 404 });
  return { cancelled: new URL(request.url).searchParams.has("cancelled"), amount: amountWords(row) };
}

const NOT_THIS_FORM = {
  title: "Not set up yet",
  description: "This page's form was changed on the way. Please reload the page and try again.",
};

const NOT_DONE = {
  title: "Not set up yet",
  description: "We could not hear from the payment provider just now. Nothing is collected twice: please try again.",
};

/**
 * Reads the subscription's state from the provider and applies it (once: the row moves from
 * pending only once), or records that the donor turned back; then on to the profile or /donation.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const row = await ownRecurring(handles.db, viewer.id, params.id);
  if (!row) throw data(null, { status: 404 });
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_DONE, handles.logger, async () => {
    // The page sends "1" after turning back, or nothing: anything else was not sent by it.
    const cancelled = submission.fields.cancelled ?? "";
    if (cancelled !== "" && cancelled !== "1") return refused(submission, NOT_THIS_FORM, 400);
    if (cancelled === "1") {
      await turnedBack(handles.db, row.id);
      return succeeded(request, {
        redirectTo: "/donation?payment=cancelled",
        data: { next: "/donation?payment=cancelled" },
      });
    }
    try {
      await confirmRecurringReturn(handles.db, handles.env, row);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      handles.logger.warn({ err: error.message }, "recurring offering not confirmed");
      throw new FormRefusal(refused(submission, NOT_DONE, 502));
    }
    const now = await ownRecurring(handles.db, viewer.id, row.id);
    const next = donePage(
      "/profile",
      now?.status === "active" ? "recurring-started" : "recurring-waiting",
      undefined,
      "recurring",
    );
    return succeeded(request, { redirectTo: next, data: { next } });
  });
}

/** A dropped connection keeps the page, with its notice and the button to try again. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_DONE);

export default function RecurringReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { cancelled, amount } = loaderData;
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

  // Moving on waits until the page has settled (its data reloaded after the post), as on
  // /payments/return: leaving earlier cuts that reload off ("Error in input stream" in Firefox).
  useEffect(() => {
    const next = result?.ok ? (result.data as { next?: string } | undefined)?.next : undefined;
    if (!next || busy || movedOn.current) return;
    movedOn.current = true;
    navigate(next, { replace: true });
  }, [result, busy, navigate]);

  const failed = result && !result.ok ? (result.formError ?? NOT_DONE) : null;
  const label = cancelled ? "Back to giving" : "Finish setting it up";
  return (
    <div className="mx-auto max-w-xl px-4 sm:px-6">
      <PageHero eyebrow="Recurring offering" title={cancelled ? "Not set up" : "Setting up your offering"}>
        {amount}
      </PageHero>
      <div className="card grid gap-4 text-center">
        <TestModeNotice />
        {failed ? (
          <NoticeBox notice={failed} dense />
        ) : (
          <p aria-live="polite">{busy || !result ? "One moment, please…" : "Done."}</p>
        )}
        <Form method="post" ref={form} className="grid justify-center">
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
