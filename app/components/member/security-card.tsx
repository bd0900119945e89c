import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";

export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  lastActive: string;
  ipAddress: string | null;
}

/** Change password, change email (password first), and the member's sessions. */
export function SecurityCard(props: {
  email: string;
  sessions: ReadonlyArray<SessionRow>;
  errors: Record<string, string | null>;
}) {
  return (
    <section id="security" aria-labelledby="security-title" className="card scroll-mt-24">
      <h2 id="security-title" className="mb-5 flex items-center gap-3 font-serif text-2xl font-semibold">
        <KeyRound aria-hidden className="text-gold" />
        Sign-in and Security
      </h2>
      <div className="grid gap-8 lg:grid-cols-2">
        <Form method="post" preventScrollReset noValidate className="grid content-start gap-3">
          <h3 className="font-semibold">Change password</h3>
          <input type="hidden" name="intent" value="password" />
          <FormAlert message={props.errors.password ?? null} />
          <label htmlFor="currentPassword" className="text-sm font-medium">
            Current password
          </label>
          <PasswordInput id="currentPassword" name="currentPassword" autoComplete="current-password" maxLength={128} />
          <label htmlFor="newPassword" className="text-sm font-medium">
            New password (8 to 128 characters)
          </label>
          <PasswordInput id="newPassword" name="password" autoComplete="new-password" maxLength={128} />
          <label htmlFor="confirmNewPassword" className="text-sm font-medium">
            New password, once more
          </label>
          <PasswordInput id="confirmNewPassword" name="confirmPassword" autoComplete="new-password" maxLength={128} />
          <button type="submit" className="btn-ghost justify-self-start">
            Change Password
          </button>
        </Form>
        <Form method="post" preventScrollReset noValidate className="grid content-start gap-3">
          <h3 className="font-semibold">Change email</h3>
          <p className="text-sm text-mist-muted">
            Now: <span className="text-mist">{props.email}</span>. We will tell your current address about the change.
          </p>
          <input type="hidden" name="intent" value="email" />
          <FormAlert message={props.errors.email ?? null} />
          <label htmlFor="newEmail" className="text-sm font-medium">
            New email
          </label>
          <input id="newEmail" name="newEmail" type="email" autoComplete="email" maxLength={254} className="field" />
          <label htmlFor="emailPassword" className="text-sm font-medium">
            Your password
          </label>
          <PasswordInput id="emailPassword" name="currentPassword" autoComplete="current-password" maxLength={128} />
          <button type="submit" className="btn-ghost justify-self-start">
            Change Email
          </button>
        </Form>
      </div>
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
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button type="submit" className="text-sm text-violet-200 underline underline-offset-4 hover:text-gold">
                  Sign out there
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {props.sessions.length > 1 ? (
        <Form method="post" preventScrollReset className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className="btn-ghost">
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </section>
  );
}
