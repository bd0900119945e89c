import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { OneTimeCodeField } from "~/components/forms/one-time-code-field";
import { formToObject } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/modules/accounts/session.server";
import { completeSignIn, TWO_FACTOR_MESSAGES } from "~/modules/accounts/two-factor.server";
import type { Route } from "./+types/two-factor";

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = () => privateMeta("Two-factor check");

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const code = (fields.code ?? "").trim().slice(0, 64);
  if (!code) return data({ error: "Please enter the code from your authenticator app" }, { status: 400 });
  const outcome = await completeSignIn(request, context, code);
  if (outcome.kind === "limited") {
    return data(
      { error: TWO_FACTOR_MESSAGES.limited },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.kind === "invalid") return data({ error: TWO_FACTOR_MESSAGES.invalid }, { status: 401 });
  throw redirect(safeRedirectPath(fields.redirectTo, "/console"), { headers: outcome.headers });
}

export default function TwoFactor() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  // Editing clears the answer's message until the next answer arrives.
  const [dismissed, setDismissed] = useState<typeof result>(undefined);
  const error = result && result !== dismissed ? result.error : null;

  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Temple Keepers" title="One more step">
        Enter the six-digit code from your authenticator app, or one of your recovery codes.
      </PageHero>
      <div className="card">
        <Form method="post" noValidate className="grid gap-5" onChange={() => setDismissed(result)}>
          <FormAlert message={error} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <OneTimeCodeField disabled={submitting} />
          <button type="submit" className="btn-gold" disabled={submitting}>
            {submitting ? "Checking..." : "Verify"}
          </button>
          <Link to="/sacred-access" className="text-sm text-violet-200 underline underline-offset-4">
            Back to Login
          </Link>
        </Form>
      </div>
    </div>
  );
}
