import { Fingerprint } from "lucide-react";
import { Form, Link } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";

const loadSchema = () => import("~/modules/passkeys/validation").then((m) => m.passkeyTwoFactorSchema);

/**
 * A member's other way to turn two-factor on: their passkeys as the step after the password, no
 * app. Offered once the account has a passkey (made on /profile); its own password field's name,
 * as the app's form is on the same page.
 */
export function PasskeyEnrolment({ passkeys, result }: { passkeys: number; result: FormResult | undefined }) {
  const form = useForm({ id: "enrol-passkeys", result, schema: loadSchema });
  const alert = useOneAlert(form);
  return (
    <section aria-labelledby="passkey-enrolment-title" className="card mt-8 grid gap-4">
      <h2 id="passkey-enrolment-title" className="flex items-center gap-3 font-serif text-2xl font-semibold">
        <Fingerprint aria-hidden className="text-gold" />
        Or use your passkeys
      </h2>
      {passkeys === 0 ? <FormAlert {...alert.shown} /> : null}
      {passkeys === 0 ? (
        <p className="text-mist-muted">
          Instead of an app, signing in can ask for one of your passkeys after your password.{" "}
          <Link to="/profile#passkeys" className="text-violet-200 underline underline-offset-4">
            Add a passkey on your profile
          </Link>{" "}
          first, then come back here.
        </p>
      ) : (
        <Form method="post" className="grid gap-4" {...alert.props}>
          <input {...form.keyField} />
          <FormAlert {...alert.shown} />
          <input type="hidden" name="intent" value="passkeys" />
          <p className="text-mist-muted">
            After your password, signing in will ask for{" "}
            {passkeys === 1 ? "your passkey" : `one of your ${passkeys} passkeys`}. There are no recovery codes this
            way: keep a passkey on a second device, or a Temple Keeper can help if you lose them. Passkeys need
            JavaScript in your browser.
          </p>
          <label htmlFor="passkeyPassword" className="font-medium">
            Confirm your password
          </label>
          <PasswordInput
            id="passkeyPassword"
            name="passkeyPassword"
            autoComplete="current-password"
            maxLength={128}
            {...alert.control("passkeyPassword")}
          />
          <button type="submit" className="btn-ghost justify-self-start" disabled={form.pending}>
            {form.pending ? "Checking..." : "Use My Passkeys for Two-Factor"}
          </button>
        </Form>
      )}
    </section>
  );
}
