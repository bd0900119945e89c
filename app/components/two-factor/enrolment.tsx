import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { RecoveryCodes } from "./recovery-codes";

const loadCodeSchema = () => import("~/modules/accounts/validation").then((m) => m.twoFactorCodeSchema);
const loadPasswordSchema = () => import("~/modules/accounts/validation").then((m) => m.enrolPasswordSchema);

/** The enrolment under way (secret, QR, recovery codes): shown again with a wrong first code. */
export interface Enrolment {
  qrSvg: string;
  secret: string;
  backupCodes: string[];
}

/** Enrolling an authenticator app, step 1: the password, answered with the secret to scan. */
export function BeginEnrolment({ result }: { result: FormResult | undefined }) {
  const form = useForm({ id: "enrol", result, schema: loadPasswordSchema });
  const alert = useOneAlert(form);
  return (
    <Form method="post" className="card grid gap-5" {...alert.props}>
      <input {...form.keyField} />
      <FormAlert {...alert.shown} />
      <input type="hidden" name="intent" value="start" />
      <h2 className="font-serif text-2xl font-semibold">With an authenticator app</h2>
      <p className="text-mist-muted">
        An authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like) shows
        a new six-digit code every 30 seconds. You scan a code with it next, and keep ten recovery codes.
      </p>
      <label htmlFor="password" className="font-medium">
        Confirm your password to set up an authenticator app
      </label>
      <PasswordInput
        id="password"
        name="password"
        autoComplete="current-password"
        maxLength={128}
        {...alert.control("password")}
      />
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Checking..." : "Begin"}
      </button>
    </Form>
  );
}

/** Step 2: scan (or type) the secret, keep the recovery codes, and send the app's first code. */
export function ConfirmEnrolment({ enrolment, result }: { enrolment: Enrolment; result: FormResult | undefined }) {
  const form = useForm({ id: "enrol-confirm", result, schema: loadCodeSchema });
  const alert = useOneAlert(form);
  // Step 2 replaces step 1's form, and the focus with it: it goes on from this step's first words.
  const first = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) first.current?.focus();
  }, []);
  return (
    <Form method="post" className="card grid gap-5" {...alert.props}>
      <input {...form.keyField} />
      <FormAlert {...alert.shown} />
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="secret" value={enrolment.secret} />
      <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(",")} />
      <ol className="grid list-decimal gap-4 pl-5">
        <li ref={first} tabIndex={-1} className="outline-none">
          Scan this code with your authenticator app, or type the key by hand.
          {enrolment.qrSvg ? (
            <div
              className="mt-3 w-48 rounded-lg bg-white p-2"
              // The SVG is drawn on our server by the qrcode library (enrolmentQr), never taken from a request.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted server-generated SVG
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
          ) : null}
          <code className="mt-2 block break-all text-gold">{enrolment.secret}</code>
        </li>
        <li>
          <RecoveryCodes codes={enrolment.backupCodes}>
            Keep these recovery codes somewhere safe, away from your phone. Each works once, in place of the app's code,
            if you lose your phone; type it in any case, with or without the dash.
          </RecoveryCodes>
        </li>
        <li>
          <label htmlFor="code">Enter the six-digit code your app shows now.</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...alert.control("code")}
            className="field mt-2 block max-w-40 tracking-widest"
          />
        </li>
      </ol>
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Checking..." : "Turn On Two-Factor"}
      </button>
    </Form>
  );
}
