import { Form } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { OneTimeCodeField } from "~/components/forms/one-time-code-field";
import { PasskeySignIn } from "~/components/passkeys/passkey-sign-in";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";

const loadCodeSchema = () => import("~/modules/accounts/validation").then((m) => m.twoFactorCodeSchema);

/**
 * A session opened with the password alone proves itself: with a code from the app (or a recovery
 * code) where the account has one, and with one of its passkeys where it has those. The answer to
 * either shows in the form's one alert.
 */
export function StepUp(props: { result: FormResult | undefined; staff: boolean; app: boolean; passkeys: boolean }) {
  const { result, staff, app, passkeys } = props;
  const form = useForm({ id: "step-up", result, schema: loadCodeSchema });
  const alert = useOneAlert(form);
  const where = staff ? "the console" : "your member area";
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow={staff ? "Temple Keepers" : "Your account"} title="Confirm it is you">
        {app
          ? `This session was opened with your password alone. Enter the six-digit code from your authenticator app, or one of your recovery codes${passkeys ? ", or use a passkey" : ""}, to open ${where} here.`
          : `This session was opened with your password alone. Use one of your passkeys to open ${where} here.`}
      </PageHero>
      <Form method="post" className="card grid gap-5" {...alert.props}>
        <input {...form.keyField} />
        <FormAlert {...alert.shown} />
        {app ? (
          <>
            <OneTimeCodeField className="max-w-60" error={form.errors.code} {...alert.control("code")} />
            <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
              {form.pending ? "Checking..." : "Verify"}
            </button>
          </>
        ) : (
          <noscript>
            <p>{PASSKEY_MESSAGES.passkeyOnly}</p>
          </noscript>
        )}
        {passkeys ? <PasskeySignIn intent="step-up" label="Use a Passkey" redirectTo="" /> : null}
      </Form>
    </div>
  );
}
