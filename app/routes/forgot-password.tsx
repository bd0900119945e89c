import { useEffect, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import { safeErrorMessage } from "~/lib/errors";
import { firstError, formToObject } from "~/lib/forms";
import { seo, siteUrlFrom } from "~/lib/seo";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { ACCOUNT_MESSAGES, forgotPasswordSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/forgot-password";

const TOO_MANY = `${ACCOUNT_MESSAGES.resetFailed} Several requests came from this connection; please wait an hour.`;

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Reset Your Sacred Key",
    description: "Forgot your password? We will email you a link to choose a new one.",
    keywords: ["password reset"],
    path: "/forgot-password",
    image: "invitation",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const parsed = forgotPasswordSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ ok: false as const, error: firstError(forgotPasswordSchema, fields) }, { status: 400 });
  }
  try {
    const outcome = await requestPasswordReset(context, parsed.data.email);
    if (!outcome.ok) {
      return data(
        { ok: false as const, error: TOO_MANY },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    context.logger.error({ err: safeErrorMessage(error) }, "reset request failed");
    return data({ ok: false as const, error: ACCOUNT_MESSAGES.resetFailed }, { status: 503 });
  }
  return { ok: true as const, error: null };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [error, setError] = useState<string | null>(() => (result && !result.ok ? result.error : null));
  const [sent, setSent] = useState(() => Boolean(result?.ok));
  const [email, setEmail] = useState("");

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      setSent(true);
      notify("success", "Reset Instructions Sent", {
        description: "Check your email for password reset instructions.",
      });
    } else {
      setError(result.error);
    }
  }, [result]);

  if (sent) {
    return (
      <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
        <PageHero eyebrow="Password" title="Check Your Email">
          If an account uses that address, a link to choose a new password is on its way. It works once and for 24
          hours. Remember to look in your spam folder.
        </PageHero>
        <div className="flex flex-wrap justify-center gap-4">
          <button
            type="button"
            className="btn-gold"
            onClick={() => {
              setEmail("");
              setSent(false);
            }}
          >
            Try Different Email
          </button>
          <Link to="/sacred-access" className="btn-ghost">
            Back to Login
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Password" title="Reset Your Sacred Key">
        Enter the email address of your member account and we will send you a link to choose a new password.
      </PageHero>
      <div className="card">
        <Form
          method="post"
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            const message = firstError(forgotPasswordSchema, formToObject(new FormData(event.currentTarget)));
            if (message) {
              event.preventDefault();
              setError(message);
            }
          }}
        >
          <FormAlert message={error} />
          <div>
            <label htmlFor="email" className="mb-2 block font-medium">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              className="field"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
              disabled={submitting}
            />
          </div>
          <button type="submit" className="btn-gold" disabled={submitting}>
            {submitting ? "Sending..." : "Send Reset Link"}
          </button>
          <Link to="/sacred-access" className="text-sm text-violet-200 underline underline-offset-4 hover:text-gold">
            Back to Login
          </Link>
        </Form>
      </div>
    </div>
  );
}
