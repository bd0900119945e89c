import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { formatWait } from "~/lib/dates";
import { seo, siteUrlFrom } from "~/lib/seo";
import { ACCOUNT_MESSAGES, resetAddressBusy } from "~/modules/accounts/messages";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { forgotPasswordSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/forgot-password";

/** The spec's reset failure notice: "Unable to send reset instructions. Please try again." */
const FAILED = { title: "Reset failed", description: ACCOUNT_MESSAGES.resetFailed };
const TOO_MANY = {
  title: "Reset failed",
  description: `${ACCOUNT_MESSAGES.resetFailed} Several requests came from this connection; please wait an hour.`,
};
/** Without JavaScript a request lands here: "Check Your Email", and a reload sends nothing. */
const SENT_PAGE = donePage("/forgot-password", "sent");

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Reset Your Sacred Key",
    description: "Forgot your password? We will email you a link to choose a new one.",
    keywords: ["password reset"],
    path: "/forgot-password",
    image: "invitation",
    noindex: true, // only a form (formOnlyPaths)
  });

/*
 * No one-time key: nothing of the visitor's is stored, the answer is the same whoever asks, and a
 * resend mails at most one more link, bounded per address and connection (ADDRESS_BUDGETS.reset) and per connection.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, FAILED, handles.logger, async () => {
    const parsed = parse(submission, forgotPasswordSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const outcome = await requestPasswordReset(handles, parsed.data.email);
    if (!outcome.ok) {
      const { retryAfterSeconds } = outcome;
      const answer = outcome.by === "connection" ? TOO_MANY : resetAddressBusy(formatWait(retryAfterSeconds));
      return refused(submission, answer, 429, { retryAfterSeconds, rateLimited: true });
    }
    return succeeded(request, { redirectTo: SENT_PAGE });
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

const loadSchema = () => import("~/modules/accounts/validation").then((m) => m.forgotPasswordSchema);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const [params] = useSearchParams();
  // Shown after a success in the app, or on the page a browser without JavaScript lands on.
  const [sent, setSent] = useState(() => params.get(OUTCOME_PARAM) === "sent");
  const form = useForm({
    id: "forgot",
    result,
    schema: loadSchema,
    onSuccess() {
      setSent(true);
      notify("success", "Reset Instructions Sent", {
        description: "Check your email for password reset instructions.",
      });
    },
  });
  const alert = useOneAlert(form);

  if (sent) {
    return (
      <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
        <PageHero eyebrow="Password" title="Check Your Email">
          If an account uses that address, a link to choose a new password is on its way. It works once and for 24
          hours. Remember to look in your spam folder.
        </PageHero>
        <div className="flex flex-wrap justify-center gap-4">
          {/* A link, so it works without JavaScript too: the form again, its field empty. */}
          <Link to="/forgot-password" replace className="btn-gold" onClick={() => setSent(false)}>
            Try Different Email
          </Link>
          <Link to="/sacred-access" className="btn-ghost">
            Back to Login
          </Link>
        </div>
      </div>
    );
  }

  const email = form.field("email");
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Password" title="Reset Your Sacred Key">
        Enter the email address of your member account and we will send you a link to choose a new password.
      </PageHero>
      <div className="card">
        <Form method="post" className="grid gap-5" {...alert.props}>
          <input {...form.keyField} />
          <FormAlert {...alert.shown} />
          <div>
            <label htmlFor="email" className="mb-2 block font-medium">
              Email
            </label>
            <input
              id="email"
              name={email.name}
              defaultValue={email.defaultValue}
              // biome-ignore lint/a11y/noAutofocus: only on the page answering this field's error
              autoFocus={email.autoFocus}
              {...alert.control("email")}
              type="email"
              autoComplete="email"
              maxLength={254}
              className="field"
              disabled={form.pending}
            />
          </div>
          <button type="submit" className="btn-gold" disabled={form.pending}>
            {form.pending ? "Sending..." : "Send Reset Link"}
          </button>
          <Link to="/sacred-access" className="text-sm text-violet-200 underline underline-offset-4 hover:text-gold">
            Back to Login
          </Link>
        </Form>
      </div>
    </div>
  );
}
