import { KeyRound } from "lucide-react";
import { PasswordInput } from "~/components/forms/password-input";
import { ButtonForm, ProfileFormShell, useProfileForm } from "./profile-form";

const loadPasswordSchema = () => import("~/modules/accounts/validation").then((m) => m.changePasswordSchema);
const loadEmailSchema = () => import("~/modules/accounts/validation").then((m) => m.changeEmailSchema);

export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  lastActive: string;
  ipAddress: string | null;
}

export interface PendingEmail {
  newEmail: string;
  /** When the link stops working, as the member reads it. */
  until: string;
}

/** Change password, change email (password first, then a link to the new address), and the member's sessions. */
export function SecurityCard(props: {
  email: string;
  emailVerified: boolean;
  pendingEmail: PendingEmail | null;
  sessions: ReadonlyArray<SessionRow>;
}) {
  // Passwords are never filled back in after an error (readSubmission keeps none); the new email is.
  const password = useProfileForm("password", loadPasswordSchema);
  const email = useProfileForm("email", loadEmailSchema);
  const newEmail = email.field("newEmail");
  return (
    <section id="security" aria-labelledby="security-title" className="card scroll-mt-24">
      <h2 id="security-title" className="mb-5 flex items-center gap-3 font-serif text-2xl font-semibold">
        <KeyRound aria-hidden className="text-gold" />
        Sign-in and Security
      </h2>
      <div className="grid gap-8 lg:grid-cols-2">
        <ProfileFormShell form={password} intent="password" className="grid content-start gap-3">
          <h3 className="font-semibold">Change password</h3>
          <label htmlFor="currentPassword" className="text-sm font-medium">
            Current password
          </label>
          <PasswordInput
            id="currentPassword"
            name="currentPassword"
            autoComplete="current-password"
            maxLength={128}
            {...password.control("currentPassword")}
          />
          <label htmlFor="newPassword" className="text-sm font-medium">
            New password (8 to 128 characters)
          </label>
          <PasswordInput
            id="newPassword"
            name="password"
            autoComplete="new-password"
            maxLength={128}
            {...password.control("password")}
          />
          <label htmlFor="confirmNewPassword" className="text-sm font-medium">
            New password, once more
          </label>
          <PasswordInput
            id="confirmNewPassword"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={128}
            {...password.control("confirmPassword")}
          />
          <button type="submit" className="btn-ghost justify-self-start" disabled={password.pending}>
            {password.pending ? "Saving..." : "Change Password"}
          </button>
        </ProfileFormShell>
        <ProfileFormShell form={email} intent="email" className="grid content-start gap-3">
          <h3 className="font-semibold">Change email</h3>
          <p className="text-sm text-mist-muted">
            Now: <span className="break-all text-mist">{props.email}</span>
            {props.emailVerified ? " (confirmed)" : " (not confirmed yet)"}. We send a link to the new address; your
            email changes only when it is followed, and we tell your current address.
          </p>
          <label htmlFor="newEmail" className="text-sm font-medium">
            New email
          </label>
          <input
            id="newEmail"
            name="newEmail"
            defaultValue={newEmail.defaultValue}
            {...email.control("newEmail")}
            type="email"
            autoComplete="email"
            maxLength={254}
            className="field"
          />
          <label htmlFor="emailPassword" className="text-sm font-medium">
            Your password
          </label>
          <PasswordInput
            id="emailPassword"
            name="currentPassword"
            autoComplete="current-password"
            maxLength={128}
            {...email.control("currentPassword")}
          />
          <button type="submit" className="btn-ghost justify-self-start" disabled={email.pending}>
            {email.pending ? "Sending..." : "Change Email"}
          </button>
        </ProfileFormShell>
      </div>
      <EmailStatus email={props.email} emailVerified={props.emailVerified} pending={props.pendingEmail} />
      <h3 className="mt-8 mb-3 font-semibold">Where you are signed in</h3>
      <ul className="grid gap-3">
        {props.sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-violet-300/15 p-3"
          >
            <span>
              <span className="block">
                {session.device}
                {session.current ? <span className="ml-2 text-sm text-gold">(this device)</span> : null}
              </span>
              <span className="block text-sm text-mist-muted">
                Last active {session.lastActive}
                {session.ipAddress ? ` · ${session.ipAddress}` : ""}
              </span>
            </span>
            {session.current ? null : (
              <ButtonForm
                intent="end-session"
                hidden={{ sessionId: session.id }}
                alert={false}
                buttonClassName="text-sm text-violet-200 underline underline-offset-4 hover:text-gold"
              >
                Sign out there
              </ButtonForm>
            )}
          </li>
        ))}
      </ul>
      {props.sessions.length > 1 ? (
        <ButtonForm
          intent="end-other-sessions"
          className="mt-4 grid justify-items-start gap-3"
          buttonClassName="btn-ghost"
        >
          Sign out everywhere else
        </ButtonForm>
      ) : null}
    </section>
  );
}

/** A change waiting for its link, or an address never proven: what is true now, and the one next step. */
function EmailStatus(props: { email: string; emailVerified: boolean; pending: PendingEmail | null }) {
  if (props.pending) {
    const confirming = props.pending.newEmail === props.email;
    return (
      <div role="status" className="mt-6 rounded-lg border border-gold/40 bg-gold/5 p-4">
        <p>
          {confirming ? "Waiting for you to confirm " : "Waiting for confirmation: "}
          <span className="break-all font-medium">{props.pending.newEmail}</span>. Follow the link we sent there before{" "}
          {props.pending.until}.{" "}
          {confirming ? null : (
            <>
              Until then you keep signing in with <span className="break-all">{props.email}</span>.
            </>
          )}
        </p>
        <ButtonForm
          intent="cancel-email"
          className="mt-3"
          buttonClassName="text-sm text-violet-200 underline underline-offset-4 hover:text-gold"
        >
          {confirming ? "Cancel" : "Cancel this change"}
        </ButtonForm>
      </div>
    );
  }
  if (props.emailVerified) return null;
  return (
    <div role="status" className="mt-6 rounded-lg border border-violet-300/25 p-4">
      <p>
        Your address <span className="break-all font-medium">{props.email}</span> is not confirmed yet. Confirm it to
        link what you sent us from it before you had an account.
      </p>
      <ButtonForm intent="confirm-email" className="mt-3 grid justify-items-start gap-3" buttonClassName="btn-ghost">
        Send Me a Confirmation Link
      </ButtonForm>
    </div>
  );
}
