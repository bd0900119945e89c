import { Form, Link, redirect, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { OneTimeCodeField } from "~/components/forms/one-time-code-field";
import { PasskeySignIn } from "~/components/passkeys/passkey-sign-in";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import type { Notice } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { privateMeta } from "~/lib/private-meta";
import { TWO_FACTOR_MESSAGES } from "~/modules/accounts/messages";
import { safeRedirectPath } from "~/modules/accounts/session.server";
import { completeSignIn, pendingSignIn } from "~/modules/accounts/two-factor.server";
import { twoFactorCodeSchema } from "~/modules/accounts/validation";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";
import { hasAuthenticatorApp, hasPasskeys } from "~/modules/passkeys/passkeys.server";
import { secondFactorWithPasskey } from "~/modules/passkeys/sign-in.server";
import { usePasskeySchema } from "~/modules/passkeys/validation";
import type { Route } from "./+types/two-factor";

export { actionHeaders as headers } from "~/lib/http";

const FAILED = { title: "Not verified", description: "The code could not be checked. Please try again." };
const INVALID = { title: "Not verified", description: TWO_FACTOR_MESSAGES.invalid };
const PASSKEY_INVALID = { title: "Not verified", description: PASSKEY_MESSAGES.signIn };
const LIMITED = { title: "Too many attempts", description: TWO_FACTOR_MESSAGES.limited };

export const meta: Route.MetaFunction = () => privateMeta("Two-factor check");

/**
 * What the sign-in waiting here can finish with: a code where the account has an app (and, with
 * no sign-in waiting, the form that will say so), a passkey where it has one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const pending = await pendingSignIn(request, handles);
  if (!pending) return { passkeys: false, app: true };
  const [passkeys, app] = await Promise.all([
    hasPasskeys(handles.db, pending.userId),
    hasAuthenticatorApp(handles.db, pending.userId),
  ]);
  return { passkeys, app };
}

/*
 * No one-time key: a code works once (claimed before it is checked), and success sets the session
 * cookie, so it is a redirect (303) with and without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, FAILED, handles.logger, async () => {
    let outcome: Awaited<ReturnType<typeof completeSignIn>>;
    let redirectTo: string | undefined;
    let refusal: Notice = INVALID;
    switch (submission.fields.intent) {
      // One of the account's passkeys in place of the code.
      case "passkey": {
        const parsed = parse(submission, usePasskeySchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        outcome = await secondFactorWithPasskey(request, handles, parsed.data.credential);
        redirectTo = parsed.data.redirectTo;
        refusal = PASSKEY_INVALID;
        break;
      }
      case undefined: {
        const parsed = parse(submission, twoFactorCodeSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        outcome = await completeSignIn(request, handles, parsed.data.code);
        redirectTo = parsed.data.redirectTo;
        break;
      }
      default:
        return unknownForm(submission);
    }
    if (outcome.kind === "limited") {
      return refused(submission, LIMITED, 429, { retryAfterSeconds: outcome.retryAfterSeconds, rateLimited: true });
    }
    if (outcome.kind === "invalid") return refused(submission, refusal, 401);
    const home = outcome.staff ? "/console" : "/dashboard";
    throw redirect(safeRedirectPath(redirectTo, home), { status: 303, headers: outcome.headers });
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

const loadSchema = () => import("~/modules/accounts/validation").then((m) => m.twoFactorCodeSchema);

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  const [params] = useSearchParams();
  const form = useForm({ id: "second-factor", result, schema: loadSchema });
  const alert = useOneAlert(form);
  const code = form.field("code");

  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Sacred Access" title="One more step">
        {loaderData.app
          ? "Enter the six-digit code from your authenticator app, or one of your recovery codes."
          : "Use one of your passkeys: your phone, computer or security key will ask for your fingerprint, face or PIN."}
      </PageHero>
      <div className="card">
        <Form method="post" className="grid gap-5" {...alert.props}>
          <input {...form.keyField} />
          <FormAlert {...alert.shown} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          {loaderData.app ? (
            <>
              <OneTimeCodeField
                disabled={form.pending}
                error={code.error}
                autoFocus={code.autoFocus}
                {...alert.control("code")}
              />
              <button type="submit" className="btn-gold" disabled={form.pending}>
                {form.pending ? "Checking..." : "Verify"}
              </button>
            </>
          ) : (
            <noscript>
              <p>{PASSKEY_MESSAGES.passkeyOnly}</p>
            </noscript>
          )}
          {loaderData.passkeys ? (
            <PasskeySignIn intent="second-factor" label="Use a Passkey" redirectTo={params.get("redirectTo") ?? ""} />
          ) : null}
          <Link to="/sacred-access" className="text-sm text-violet-200 underline underline-offset-4">
            Back to Login
          </Link>
        </Form>
      </div>
    </div>
  );
}
