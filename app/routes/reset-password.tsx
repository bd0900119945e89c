import { Form, Link, redirect } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { privateMeta } from "~/lib/private-meta";
import { findResetAccount, resetPassword } from "~/modules/accounts/password-reset.server";
import { resetPasswordSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/reset-password";

export { actionHeaders as headers } from "~/lib/http";

const FAILED = { title: "Password not changed", description: "Your new password was not saved. Please try again." };
const EXPIRED = { title: "Link expired", description: "This link has expired or was already used." };

export const meta: Route.MetaFunction = () => privateMeta("Choose a new password");

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  return { valid: (await findResetAccount(handles, params.token)) !== null };
}

/*
 * No one-time key: the link itself works once (better-auth consumes it with the new password),
 * so a resend can never set a password twice. Every outcome changes the session cookie, so each
 * success is a redirect (303) with and without JavaScript: the next page loads with the new session.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, FAILED, handles.logger, async () => {
    const parsed = parse(submission, resetPasswordSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const outcome = await resetPassword(request, handles, params.token, parsed.data.password);
    switch (outcome.kind) {
      case "expired":
        return refused(submission, EXPIRED, 410);
      case "two-factor":
        throw redirect("/sacred-access/two-factor?redirectTo=/console", { status: 303, headers: outcome.headers });
      case "signed-in":
        throw redirect("/dashboard", { status: 303, headers: outcome.headers });
      default:
        // The password is set; only the automatic sign-in was refused (limits): sign in by hand.
        throw redirect(donePage("/sacred-access", "reset"), 303);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

const loadSchema = () => import("~/modules/accounts/validation").then((m) => m.resetPasswordSchema);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { valid } = loaderData;
  const result = actionData;
  const form = useForm({ id: "reset", result, schema: loadSchema });
  const alert = useOneAlert(form);

  if (!valid) {
    return (
      <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
        <PageHero eyebrow="Password" title="This link has expired">
          Reset links work once and for 24 hours. Ask for a new one and use it soon after it arrives.
        </PageHero>
        <p className="flex flex-wrap justify-center gap-4">
          <Link to="/forgot-password" className="btn-gold">
            Send a new link
          </Link>
          <Link to="/sacred-access" className="btn-ghost">
            Back to Login
          </Link>
        </p>
      </div>
    );
  }

  const password = form.field("password");
  const confirm = form.field("confirmPassword");
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Password" title="Choose a new password">
        Use 8 to 128 characters; a short sentence you will remember works well. Every other place you are signed in will
        be signed out.
      </PageHero>
      <div className="card">
        <Form method="post" className="grid gap-5" {...alert.props}>
          <input {...form.keyField} />
          <FormAlert {...alert.shown} />
          <div>
            <label htmlFor="password" className="mb-2 block font-medium">
              New password
            </label>
            <PasswordInput
              id="password"
              name={password.name}
              autoFocus={password.autoFocus}
              {...alert.control("password")}
              autoComplete="new-password"
              maxLength={128}
            />
          </div>
          <div>
            <label htmlFor="confirmPassword" className="mb-2 block font-medium">
              New password, once more
            </label>
            <PasswordInput
              id="confirmPassword"
              name={confirm.name}
              autoFocus={confirm.autoFocus}
              {...alert.control("confirmPassword")}
              autoComplete="new-password"
              maxLength={128}
            />
          </div>
          <button type="submit" className="btn-gold" disabled={form.pending}>
            {form.pending ? "Saving..." : "Set New Password"}
          </button>
        </Form>
      </div>
    </div>
  );
}
