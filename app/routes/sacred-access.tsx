import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigate, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { FormOutcome } from "~/components/forms/form-outcome";
import { PasswordInput } from "~/components/forms/password-input";
import { PasskeySignIn } from "~/components/passkeys/passkey-sign-in";
import { notify } from "~/components/ui/notify";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { unlessRefused } from "~/forms/revalidation";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { seo, siteUrlFrom } from "~/lib/seo";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/messages";
import { getViewer, safeRedirectPath } from "~/modules/accounts/session.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { signInSchema } from "~/modules/accounts/validation";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";
import { signInWithPasskey } from "~/modules/passkeys/sign-in.server";
import { usePasskeySchema } from "~/modules/passkeys/validation";
import type { Route } from "./+types/sacred-access";

const TOO_MANY = {
  title: "Too many attempts",
  description: "Too many sign-in attempts. Please wait 15 minutes and try again.",
};
const INVALID = { title: "Sign-in failed", description: ACCOUNT_MESSAGES.invalidCredentials };
const PASSKEY_REFUSED = { title: "Sign-in failed", description: PASSKEY_MESSAGES.signIn };
/** The spec's sign-in error for a failure that is not the credentials (also when no answer came). */
const UNEXPECTED = { title: "Sign-in failed", description: ACCOUNT_MESSAGES.unexpected };
const REDIRECT_DELAY_MS = 1000; // The spec, after signing in: "redirect 1 s"

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "The Sacred Access",
    description: "Members sign in here to reach their journal, integration sessions, calendar and guides.",
    keywords: ["member sign in", "sacred access"],
    path: "/services", // one canonical address for the two paths of this page
    image: "invitation",
    noindex: true, // only a form (formOnlyPaths)
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  if (await getViewer(request, handles)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

/** After a successful sign-in the page shows its welcome for a second before moving on (SPEC.md). */
export const shouldRevalidate = unlessRefused(({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.ok ? false : defaultShouldRevalidate,
);

/*
 * No one-time key here: a sign-in stores no record of the member's, and every post must check the
 * password again (a replayed answer would carry no session cookie).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, UNEXPECTED, handles.logger, async () => {
    switch (submission.fields.intent) {
      case undefined:
        break;
      // Signing in with a passkey alone (the button, or the username field's autofill).
      case "passkey": {
        const parsed = parse(submission, usePasskeySchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const redirectTo = safeRedirectPath(parsed.data.redirectTo);
        const outcome = await signInWithPasskey(request, handles, parsed.data.credential);
        if (outcome.kind === "limited") {
          return refused(submission, TOO_MANY, 429, {
            retryAfterSeconds: outcome.retryAfterSeconds,
            rateLimited: true,
          });
        }
        if (outcome.kind === "invalid") return refused(submission, PASSKEY_REFUSED, 401);
        return succeeded(request, { redirectTo, data: { redirectTo } }, outcome.headers);
      }
      default:
        return unknownForm(submission);
    }
    const parsed = parse(submission, signInSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const redirectTo = safeRedirectPath(parsed.data.redirectTo);
    const outcome = await signIn(request, handles, parsed.data);
    switch (outcome.kind) {
      case "limited":
        return refused(submission, TOO_MANY, 429, { retryAfterSeconds: outcome.retryAfterSeconds, rateLimited: true });
      case "invalid":
        return refused(submission, INVALID, 401);
      case "two-factor":
        throw redirect(`/sacred-access/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
          status: 303,
          headers: outcome.headers,
        });
      case "signed-in":
        // Without JavaScript straight on (303); the app shows the welcome first, then goes.
        return succeeded(request, { redirectTo, data: { redirectTo } }, outcome.headers);
    }
  });
}

/** A dropped connection: SPEC.md's "An unexpected error occurred", what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, UNEXPECTED);

const loadSchema = () => import("~/modules/accounts/validation").then((m) => m.signInSchema);

/** What this page says to someone sent here after a change elsewhere (app/forms/outcome.ts). */
const ARRIVALS = {
  reset: "Your password is changed. Please sign in with the new one.",
  deleted: "Your account is deleted. Thank you for walking with us.",
} as const;

export default function SacredAccess({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [welcome, setWelcome] = useState<string | null>(null);
  const form = useForm<{ redirectTo: string }>({
    id: "sign-in",
    result,
    schema: loadSchema,
    onSuccess(data) {
      notify("success", "Welcome to the Sacred Realm", {
        description: "You have successfully entered the oracle. Your journey begins now.",
      });
      setWelcome(data?.redirectTo ?? "/dashboard");
    },
  });
  const alert = useOneAlert(form);

  useEffect(() => {
    if (!welcome) return;
    const timer = setTimeout(() => navigate(welcome, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [welcome, navigate]);

  if (welcome) {
    return (
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        <PageHero eyebrow="Welcome" title="Welcome to the Sacred Realm">
          You have successfully entered the oracle. Your journey begins now.
        </PageHero>
        <p className="text-center">
          <Link to={welcome} className="btn-gold">
            Continue
          </Link>
        </p>
      </div>
    );
  }

  const identifier = form.field("emailOrUsername");
  const password = form.field("password");
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Members" title="The Sacred Access">
        Enter with the email or username and the password of your member account.
      </PageHero>
      <div className="card">
        {/* Where a password reset or an account deletion lands (redirect after post). */}
        <FormOutcome messages={ARRIVALS} className="mb-5" />
        <Form method="post" className="grid gap-5" {...alert.props}>
          <input {...form.keyField} />
          <FormAlert {...alert.shown} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <div>
            <label htmlFor="emailOrUsername" className="mb-2 block font-medium">
              Email or username
            </label>
            <input
              id="emailOrUsername"
              name={identifier.name}
              defaultValue={identifier.defaultValue}
              // biome-ignore lint/a11y/noAutofocus: only on the page answering this field's error
              autoFocus={identifier.autoFocus}
              {...alert.control("emailOrUsername")}
              // "webauthn": the browser may offer this site's passkeys here (PasskeySignIn's autofill).
              autoComplete="username webauthn"
              maxLength={254}
              className="field"
              disabled={form.pending}
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-2 block font-medium">
              Password
            </label>
            {/* Never filled back in: readSubmission keeps no password. */}
            <PasswordInput
              id="password"
              name={password.name}
              autoFocus={password.autoFocus}
              {...alert.control("password")}
              autoComplete="current-password"
              maxLength={128}
              disabled={form.pending}
            />
          </div>
          <button type="submit" className="btn-gold" disabled={form.pending}>
            {form.pending ? "Entering the Oracle..." : "Enter the Sacred Realm"}
          </button>
          <PasskeySignIn
            intent="sign-in"
            label="Sign In with a Passkey"
            redirectTo={params.get("redirectTo") ?? ""}
            autofill
          />
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
