import { data, Form, Link } from "react-router";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { TwoFactorResetForm } from "~/components/console/two-factor-reset-form";
import { FieldError } from "~/components/forms/field";
import { appContext, viewerContext } from "~/context";
import {
  FormRefusal,
  handleForm,
  parse,
  readSubmission,
  type Submission,
  succeeded,
  unknownForm,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { plural } from "~/lib/plural";
import { changeRole, getMember, setDisabled } from "~/modules/accounts/members.server";
import { roles } from "~/modules/accounts/roles";
import { resetTwoFactor } from "~/modules/accounts/two-factor-reset.server";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { memberAccountSchema, memberRoleSchema, resetTwoFactorSchema } from "~/modules/console/validation";
import { hasAuthenticatorApp, hasPasskeys } from "~/modules/passkeys/passkeys.server";
import { readMedicalRecordAsStaff } from "~/modules/profile/profile.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/member";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const member = await getMember(handles.db, params.id);
  if (!member) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  // Only on request: opening the record is a read the member will see in their audit list.
  const showRecord = new URL(request.url).searchParams.get("record") === "open";
  const medical = showRecord
    ? await readMedicalRecordAsStaff(handles.db, handles.env, viewer, member.id, handles.clientIp)
    : null;
  const [app, keys] = await Promise.all([
    hasAuthenticatorApp(handles.db, member.id),
    hasPasskeys(handles.db, member.id),
  ]);
  return {
    member: { ...member, createdAt: formatDateTime(member.createdAt, zone) },
    secondStep: { app, passkeys: keys },
    medical,
    viewer: { id: viewer.id, role: viewer.role },
  };
}

/** Three forms, told apart by their `intent`; each through its own schema. */
function readChange(submission: Submission) {
  switch (submission.fields.intent) {
    case "role":
      return parse(submission, memberRoleSchema);
    case "disable":
    case "enable":
      return parse(submission, memberAccountSchema);
    case "reset-two-factor":
      return parse(submission, resetTwoFactorSchema);
    default:
      return null;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const parsed = readChange(submission);
    if (!parsed) return unknownForm(submission);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["role", "confirm"]);
    const change = parsed.data;
    const refuse = (message: string, status: number) => new FormRefusal(consoleRefused(submission, message, status));
    // One change (and one audit entry) per key: a repeated post gets the first answer.
    const answer = await once(
      handles.db,
      { scope: "console.member", key: submission.key, ownerId: viewer.id, subject: `account:${params.id}` },
      async (tx) => {
        let done: keyof typeof CONSOLE_MESSAGES.done.member;
        let outcome: Awaited<ReturnType<typeof resetTwoFactor>>;
        if (change.intent === "role") {
          done = "role";
          outcome = await changeRole(tx, viewer, params.id, change.role, handles.clientIp);
        } else if (change.intent === "reset-two-factor") {
          // Admins only, and never one's own (resetTwoFactor refuses that too).
          if (viewer.role !== "admin") throw refuse("You may not make this change.", 403);
          done = "two-factor-reset";
          const admin = { kind: "admin", id: viewer.id, name: viewer.name, email: viewer.email } as const;
          outcome = await resetTwoFactor(tx, admin, params.id, handles.clientIp);
        } else {
          done = change.intent === "disable" ? "disabled" : "enabled";
          outcome = await setDisabled(tx, viewer, params.id, change.intent === "disable", handles.clientIp);
        }
        if (outcome === "not-found") throw data(null, { status: 404 });
        if (outcome === "not-permitted") throw refuse("You may not make this change.", 403);
        if (outcome === "not-enabled") throw refuse("Two-factor is already off for this account.", 409);
        return { redirectTo: donePage(`/console/members/${params.id}`, done), data: { done } };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const RECORD_LABELS = {
  mentalHealthHistory: "Mental health history",
  currentMedications: "Current medications",
  allergies: "Allergies",
  medicalConditions: "Medical conditions",
} as const;

/** Which second step the account answers with, as the console shows it beside "two-factor". */
function twoFactorLabel(on: boolean, step: { app: boolean; passkeys: boolean }) {
  if (!on) return step.passkeys ? "two-factor off (passkeys to sign in with)" : "two-factor off";
  const methods = [step.app ? "authenticator app" : null, step.passkeys ? "passkeys" : null].filter(Boolean);
  return `two-factor on: ${methods.length > 0 ? methods.join(" and ") : "no method left"}`;
}

export default function MemberDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { member, medical, viewer, secondStep } = loaderData;
  const result = actionData;
  const roleForm = useForm({ id: "member", result });
  const accountForm = useForm({ id: "account", result });
  const role = roleForm.field("role");
  const self = member.id === viewer.id;
  return (
    <article className="max-w-3xl">
      <Link to="/console/members" className="text-sm text-violet-200 underline underline-offset-4">
        All members
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold">{member.name}</h1>
      <p className="mt-2 text-mist-muted">
        <span className="break-all">{member.email}</span> · {member.username ?? "invitation not yet accepted"} · since{" "}
        {member.createdAt} {member.banned ? <StatusBadge status="disabled" /> : null}
      </p>
      <p className="mt-1 text-sm text-mist-muted">
        {`Role ${member.role} · ${plural(member.activeSessions, "active session")} · ${twoFactorLabel(member.twoFactorEnabled === true, secondStep)}`}
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.member} />
      {!self ? (
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {viewer.role === "admin" ? (
            <Form method="post" className="card grid gap-3" {...roleForm.props}>
              <input {...roleForm.keyField} />
              <input type="hidden" name="intent" value="role" />
              <label htmlFor={role.id} className="font-semibold">
                Role
              </label>
              <select
                id={role.id}
                name="role"
                defaultValue={role.defaultValue ?? member.role}
                className="field"
                aria-invalid={role.error ? true : undefined}
                aria-describedby={role.error ? `${role.id}-error` : undefined}
              >
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
              <FieldError id={`${role.id}-error`} className="mt-1" message={role.error} />
              <p className="text-sm text-mist-muted">Changing the role signs the person out everywhere.</p>
              <button type="submit" className="btn-ghost justify-self-start" disabled={roleForm.pending}>
                Change Role
              </button>
            </Form>
          ) : null}
          {viewer.role === "admin" || member.role === "member" ? (
            <Form method="post" className="card grid content-start gap-3" {...accountForm.props}>
              <input {...accountForm.keyField} />
              <h2 className="font-semibold">Account</h2>
              <input type="hidden" name="intent" value={member.banned ? "enable" : "disable"} />
              <p className="text-sm text-mist-muted">
                {member.banned
                  ? "This account is disabled: the person cannot sign in."
                  : "Disabling ends every session at once and stops sign-in."}
              </p>
              <button type="submit" className="btn-ghost justify-self-start" disabled={accountForm.pending}>
                {member.banned ? "Enable Account" : "Disable Account"}
              </button>
            </Form>
          ) : null}
          {viewer.role === "admin" && member.twoFactorEnabled ? (
            <TwoFactorResetForm name={member.name} staff={member.role !== "member"} result={result} />
          ) : null}
        </div>
      ) : null}
      <section className="card mt-6">
        <h2 className="font-semibold">Medical record</h2>
        {medical === null ? (
          <>
            <p className="mt-2 text-sm text-mist-muted">
              Opening the record is logged, and the member sees who read it and when.
            </p>
            <Link to="?record=open" className="btn-ghost mt-3">
              Open medical record
            </Link>
          </>
        ) : medical.state === "none" ? (
          <p className="mt-2 text-mist-muted">This member has not written a medical record.</p>
        ) : medical.state === "private" ? (
          <p className="mt-2 text-mist-muted">
            The member keeps this record private. Ask them to share it from their profile if you need it.
          </p>
        ) : (
          <dl className="mt-3 grid gap-3">
            {Object.entries(RECORD_LABELS).map(([key, label]) => (
              <div key={key}>
                <dt className="text-sm text-mist-muted">{label}</dt>
                <dd className="whitespace-pre-wrap break-words">
                  {medical.record[key as keyof typeof RECORD_LABELS] || "Not given."}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </article>
  );
}
