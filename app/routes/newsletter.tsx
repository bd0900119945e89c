import { Link, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { HONEYPOT_FIELD } from "~/forms/forms";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { formatWait } from "~/lib/dates";
import { getViewer } from "~/modules/accounts/session.server";
import { NEWSLETTER_MESSAGES, newsletterAddressBusy } from "~/modules/newsletter/messages";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { newsletterSchema } from "~/modules/newsletter/validation";
import { hitAddress } from "~/modules/rate-limit/address-budget.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { ADDRESS_BUDGETS, RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/newsletter";

/** Without JavaScript a sign-up lands here: the page says what happens next, and a reload sends nothing. */
export const JOINED_PAGE = donePage("/newsletter", "joined");

export { privatePageHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter | Sacred Path" },
  { name: "robots", content: "noindex" },
];

/** The sign-up form on the home and thank-you pages posts here (also without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, NEWSLETTER_MESSAGES.failed, handles.logger, async () => {
    const byIp = await hit(handles.db, RATE_LIMITS.newsletterIp, handles.clientIp);
    if (!byIp.allowed) {
      const { retryAfterSeconds } = byIp;
      return refused(submission, NEWSLETTER_MESSAGES.tooMany, 429, { retryAfterSeconds, rateLimited: true });
    }
    if (submission.fields[HONEYPOT_FIELD]) return succeeded(request, { redirectTo: JOINED_PAGE });
    const parsed = parse(submission, newsletterSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors, NEWSLETTER_MESSAGES.invalid);
    const viewer = await getViewer(request, handles);
    const ownAddress = Boolean(viewer?.emailVerified && viewer.email === parsed.data.email);
    const byAddress = await hitAddress(handles.db, ADDRESS_BUDGETS.newsletter, parsed.data.email, handles.clientIp, {
      proven: ownAddress,
    });
    if (!byAddress.allowed) {
      const { retryAfterSeconds } = byAddress;
      const answer =
        byAddress.by === "own" ? NEWSLETTER_MESSAGES.tooMany : newsletterAddressBusy(formatWait(retryAfterSeconds));
      return refused(submission, answer, 429, { retryAfterSeconds, rateLimited: true });
    }
    const answer = await once(
      handles.db,
      { scope: "newsletter", key: submission.key, ownerId: viewer?.id, subject: NEW_RECORD },
      async (tx) => {
        await subscribe(tx, parsed.data.email, handles.env.SITE_URL, ownAddress ? (viewer?.id ?? null) : null);
        return { redirectTo: JOINED_PAGE };
      },
    );
    return succeeded(request, answer);
  });
}

/** SPEC.md: "Submission failed" when no answer came; the address stays typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NEWSLETTER_MESSAGES.failed);

/** A page only for visitors without JavaScript: where a sign-up lands, and where its errors show. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const [params] = useSearchParams();
  const done = result ? null : params.get(OUTCOME_PARAM);
  const joined = done === "joined";
  const confirmed = done === "confirmed";
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHero
        eyebrow={confirmed ? "Confirmed" : "Newsletter"}
        title={joined || confirmed ? "Welcome to our sacred circle" : "Join the Circle"}
      >
        {confirmed
          ? "You'll receive updates about ceremonies and teachings. Every letter carries a one-click unsubscribe link."
          : joined
            ? "You'll receive updates about ceremonies and teachings. Please confirm from the email we just sent: nothing is sent to you until you do."
            : "News of ceremonies and teachings, a few times a year. We send nothing until you confirm your address."}
      </PageHero>
      {joined || confirmed ? null : (
        <div className="card">
          <NewsletterForm id="newsletter-page" result={result} />
        </div>
      )}
      <p className="mt-10 text-center">
        <Link to="/" className="btn-ghost">
          Return to Homepage
        </Link>
      </p>
    </div>
  );
}
