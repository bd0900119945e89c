import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import { firstError, formToObject } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { findResetAccount, resetPassword } from "~/modules/accounts/password-reset.server";
import { resetPasswordSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/reset-password";

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = () => privateMeta("Choose a new password");

export async function loader({ params, context }: Route.LoaderArgs) {
  return { valid: (await findResetAccount(context, params.token)) !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const parsed = resetPasswordSchema.safeParse(fields);
  if (!parsed.success) return data({ error: firstError(resetPasswordSchema, fields) }, { status: 400 });
  const outcome = await resetPassword(request, context, params.token, parsed.data.password);
  switch (outcome.kind) {
    case "expired":
      return data({ error: "This link has expired or was already used." }, { status: 410 });
    case "two-factor":
      throw redirect("/sacred-access/two-factor?redirectTo=/console", { headers: outcome.headers });
    case "signed-in":
      throw redirect("/dashboard", { headers: outcome.headers });
    default:
      // The password is set; only the automatic sign-in was refused (limits): sign in by hand.
      throw redirect("/sacred-access");
  }
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<typeof result>(undefined);
  const error = clientError ?? (result && result !== dismissed ? result.error : null);

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

  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Password" title="Choose a new password">
        Use 8 to 128 characters; a short sentence you will remember works well. Every other place you are signed in will
        be signed out.
      </PageHero>
      <div className="card">
        <Form
          method="post"
          noValidate
          className="grid gap-5"
          onChange={() => {
            setClientError(null);
            setDismissed(result);
          }}
          onSubmit={(event) => {
            const message = firstError(resetPasswordSchema, formToObject(new FormData(event.currentTarget)));
            if (message) {
              event.preventDefault();
              setClientError(message);
            }
          }}
        >
          <FormAlert message={error} />
          <div>
            <label htmlFor="password" className="mb-2 block font-medium">
              New password
            </label>
            <PasswordInput id="password" name="password" autoComplete="new-password" maxLength={128} />
          </div>
          <div>
            <label htmlFor="confirmPassword" className="mb-2 block font-medium">
              New password, once more
            </label>
            <PasswordInput id="confirmPassword" name="confirmPassword" autoComplete="new-password" maxLength={128} />
          </div>
          <button type="submit" className="btn-gold" disabled={submitting}>
            {submitting ? "Saving..." : "Set New Password"}
          </button>
        </Form>
      </div>
    </div>
  );
}
