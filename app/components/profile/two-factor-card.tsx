import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { PasswordInput } from "~/components/forms/password-input";
import { RecoveryCodes } from "~/components/two-factor/recovery-codes";
import { WhatIsThis } from "../help/what-is-this";
import { type ProfileForm, ProfileFormShell, useProfileForm } from "./profile-form";

const loadSchema = () => import("~/modules/profile/validation").then((m) => m.twoFactorPasswordSchema);

export interface TwoFactorState {
  on: boolean;
  /** Staff keep it on: the console opens only with it. */
  staff: boolean;
  /** Recovery codes that still work; null while it is off, or on with passkeys and no app. */
  codesLeft: number | null;
}

/** How few recovery codes are left before the card (and a mail at each use) says to renew them. */
const LOW = 2;

/**
 * Two-factor on the member's own profile: off by default for members, who turn it on on its own
 * page (an app's QR code to scan, or their passkeys); while on with an app, the recovery codes
 * left and renewing them (shown once, here); for members, turning it off. Each needs the password.
 */
export function TwoFactorCard({ state }: { state: TwoFactorState }) {
  // The new codes take focus once shown (use-form.ts): they are what the renewal changed.
  const renew = useProfileForm("renew-recovery-codes", loadSchema, undefined, () =>
    document.querySelector("#two-factor .recovery-codes"),
  );
  const off = useProfileForm("two-factor-off", loadSchema);
  const codes = renew.saved?.codes;
  const left = codes?.length ?? state.codesLeft ?? 0;
  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className="card scroll-mt-24">
      <h2 id="two-factor-title" className="mb-3 flex items-center gap-3 font-serif text-2xl font-semibold">
        <ShieldCheck aria-hidden className="text-gold" />
        Two-factor sign-in
      </h2>
      <WhatIsThis topic="two-factor" className="mb-4" />
      {!state.on ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-mist-muted">
            Off. With it on, signing in asks for your password and then a six-digit code from an authenticator app on
            your phone, or one of your passkeys, so a stolen password alone does not open your account. It is your
            choice.
          </p>
          <Link to="/profile/two-factor" className="btn-ghost">
            Turn On Two-Factor
          </Link>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          {state.codesLeft === null && !codes ? (
            <p>
              On, with your passkeys: after your password, signing in asks for one of them. Your last passkey stays
              until two-factor is off, so you are never left with a step nothing can answer.
            </p>
          ) : (
            <div className="grid content-start gap-3">
              <p>
                On. <strong>{left === 1 ? "1 recovery code left" : `${left} recovery codes left`}</strong>
                {left <= LOW ? ": renew them before the last one is gone." : "."}
              </p>
              <WhatIsThis topic="recovery-codes" className="" />
              {codes ? <NewCodes codes={codes} /> : null}
              <PasswordForm
                form={renew}
                intent="renew-recovery-codes"
                id="renewPassword"
                title="Renew recovery codes"
                button="Renew Recovery Codes"
              >
                Ten new codes replace all the old ones at once.
              </PasswordForm>
            </div>
          )}
          {state.staff ? (
            <p className="text-sm text-mist-muted">
              Temple Keepers keep two-factor on: the console opens only with it.
            </p>
          ) : (
            <PasswordForm
              form={off}
              intent="two-factor-off"
              id="offPassword"
              title="Turn two-factor off"
              button="Turn Off Two-Factor"
            >
              {state.codesLeft === null
                ? "Your password alone will open your account again; your passkeys stay, to sign in with."
                : "Your password alone will open your account again, and your recovery codes stop working."}
            </PasswordForm>
          )}
        </div>
      )}
    </section>
  );
}

/** The renewed codes, shown once: they are never mailed or shown again. */
function NewCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-lg border border-gold/40 bg-gold/5 p-4">
      <RecoveryCodes codes={codes}>
        <p className="font-medium">
          Your new recovery codes. They are shown only now: keep them somewhere safe, away from your phone.
        </p>
      </RecoveryCodes>
    </div>
  );
}

function PasswordForm(props: {
  form: ProfileForm;
  intent: string;
  id: string;
  title: string;
  button: string;
  children: string;
}) {
  const { form } = props;
  return (
    <ProfileFormShell form={form} intent={props.intent} className="grid content-start gap-3">
      <h3 className="font-semibold">{props.title}</h3>
      <p className="text-sm text-mist-muted">{props.children}</p>
      <label htmlFor={props.id} className="text-sm font-medium">
        Your password
      </label>
      <PasswordInput
        id={props.id}
        name="twoFactorPassword"
        autoComplete="current-password"
        maxLength={128}
        {...form.control("twoFactorPassword")}
      />
      <button type="submit" className="btn-ghost justify-self-start" disabled={form.pending}>
        {form.pending ? "Checking..." : props.button}
      </button>
    </ProfileFormShell>
  );
}
