import { useEffect, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import { notify } from "~/components/ui/notify";
import { firstError, formToObject } from "~/lib/forms";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer, safeRedirectPath } from "~/modules/accounts/session.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { ACCOUNT_MESSAGES, signInSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/sacred-access";

const TOO_MANY = "Too many sign-in attempts. Please wait 15 minutes and try again.";
const REDIRECT_DELAY_MS = 1000; // SPEC.md 9: "redirect 1 s"

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "The Sacred Access",
    description: "Members sign in here to reach their journal, integration sessions, calendar and guides.",
    keywords: ["member sign in", "sacred access"],
    path: "/services", // one canonical address for the two paths of this page
    image: "invitation",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request, context)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

/** After a successful sign-in the page shows its welcome for a second before moving on (SPEC.md). */
export const shouldRevalidate = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  actionResult?.ok ? false : defaultShouldRevalidate;

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ ok: false as const, error: firstError(signInSchema, fields) }, { status: 400 });
  }
  const redirectTo = safeRedirectPath(parsed.data.redirectTo);
  const outcome = await signIn(request, context, parsed.data);
  switch (outcome.kind) {
    case "limited":
      return data(
        { ok: false as const, error: TOO_MANY },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "invalid":
      return data({ ok: false as const, error: ACCOUNT_MESSAGES.invalidCredentials }, { status: 401 });
    case "two-factor":
      throw redirect(`/sacred-access/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: outcome.headers,
      });
    case "signed-in":
      return data({ ok: true as const, redirectTo }, { headers: outcome.headers });
  }
}

export default function SacredAccess() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(() => (result && !result.ok ? result.error : null));

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setError(result.error);
      return;
    }
    notify("success", "Welcome to the Sacred Realm", {
      description: "You have successfully entered the oracle. Your journey begins now.",
    });
    const timer = setTimeout(() => navigate(result.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  if (result?.ok) {
    return (
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        <PageHero eyebrow="Welcome" title="Welcome to the Sacred Realm">
          You have successfully entered the oracle. Your journey begins now.
        </PageHero>
        <p className="text-center">
          <Link to={result.redirectTo} className="btn-gold">
            Continue
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Members" title="The Sacred Access">
        Enter with the email or username and the password of your member account.
      </PageHero>
      <div className="card">
        <Form
          method="post"
          noValidate
          className="grid gap-5"
          onChange={() => setError(null)}
          onSubmit={(event) => {
            const message = firstError(signInSchema, formToObject(new FormData(event.currentTarget)));
            if (message) {
              event.preventDefault();
              setError(message);
            }
          }}
        >
          <FormAlert message={error} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <div>
            <label htmlFor="emailOrUsername" className="mb-2 block font-medium">
              Email or username
            </label>
            <input
              id="emailOrUsername"
              name="emailOrUsername"
              autoComplete="username"
              maxLength={254}
              className="field"
              disabled={submitting}
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-2 block font-medium">
              Password
            </label>
            <PasswordInput
              id="password"
              name="password"
              autoComplete="current-password"
              maxLength={128}
              disabled={submitting}
            />
          </div>
          <button type="submit" className="btn-gold" disabled={submitting}>
            {submitting ? "Entering the Oracle..." : "Enter the Sacred Realm"}
          </button>
          <div className="flex flex-wrap justify-between gap-3 text-sm">
            <Link to="/forgot-password" className="text-violet-200 underline underline-offset-4 hover:text-gold">
              Forgot your password?
            </Link>
            <Link to="/request-access" className="text-violet-200 underline underline-offset-4 hover:text-gold">
              Request sacred access
            </Link>
          </div>
        </Form>
      </div>
    </div>
  );
}
