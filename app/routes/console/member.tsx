import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { StatusBadge } from "~/components/console/status-badge";
import { FormAlert } from "~/components/forms/form-alert";
import { formToObject } from "~/lib/forms";
import { formatDateTime } from "~/lib/time-format";
import { changeRole, getMember, setDisabled } from "~/modules/accounts/members.server";
import { type Role, roles } from "~/modules/accounts/roles";
import { requireStaff } from "~/modules/accounts/session.server";
import { memberTimezone, readMedicalRecordAsStaff } from "~/modules/profile/profile.server";
import type { Route } from "./+types/member";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const member = await getMember(context.db, params.id);
  if (!member) throw data(null, { status: 404 });
  const zone = await memberTimezone(context.db, viewer.id);
  // Only on request: opening the record is a read the member will see in their audit list.
  const showRecord = new URL(request.url).searchParams.get("record") === "open";
  const medical = showRecord
    ? await readMedicalRecordAsStaff(context.db, context.env, viewer, member.id, context.clientIp)
    : null;
  return {
    member: { ...member, createdAt: formatDateTime(member.createdAt, zone) },
    medical,
    viewer: { id: viewer.id, role: viewer.role },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request, context);
  const fields = formToObject(await request.formData());
  let outcome: Awaited<ReturnType<typeof changeRole>>;
  if (fields.intent === "role") {
    const role = roles.find((r) => r === fields.role);
    if (!role) return data({ error: "Choose one of the roles." }, { status: 400 });
    outcome = await changeRole(context.db, viewer, params.id, role as Role, context.clientIp);
  } else if (fields.intent === "disable" || fields.intent === "enable") {
    outcome = await setDisabled(context.db, viewer, params.id, fields.intent === "disable", context.clientIp);
  } else {
    return data({ error: "Unknown action." }, { status: 400 });
  }
  if (outcome === "not-found") throw data(null, { status: 404 });
  if (outcome === "not-permitted") return data({ error: "You may not make this change." }, { status: 403 });
  throw redirect(`/console/members/${params.id}`);
}

const RECORD_LABELS = {
  mentalHealthHistory: "Mental health history",
  currentMedications: "Current medications",
  allergies: "Allergies",
  medicalConditions: "Medical conditions",
} as const;

export default function MemberDetail() {
  const { member, medical, viewer } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
        Role {member.role} · {member.activeSessions} active session{member.activeSessions === 1 ? "" : "s"} · two-factor{" "}
        {member.twoFactorEnabled ? "on" : "off"}
      </p>
      <FormAlert message={result?.error ?? null} />
      {!self ? (
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {viewer.role === "admin" ? (
            <Form method="post" className="card grid gap-3">
              <input type="hidden" name="intent" value="role" />
              <label htmlFor="role" className="font-semibold">
                Role
              </label>
              <select id="role" name="role" defaultValue={member.role} className="field">
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
              <p className="text-sm text-mist-muted">Changing the role signs the person out everywhere.</p>
              <button type="submit" className="btn-ghost justify-self-start">
                Change Role
              </button>
            </Form>
          ) : null}
          {viewer.role === "admin" || member.role === "member" ? (
            <Form method="post" className="card grid content-start gap-3">
              <h2 className="font-semibold">Account</h2>
              <input type="hidden" name="intent" value={member.banned ? "enable" : "disable"} />
              <p className="text-sm text-mist-muted">
                {member.banned
                  ? "This account is disabled: the person cannot sign in."
                  : "Disabling ends every session at once and stops sign-in."}
              </p>
              <button type="submit" className="btn-ghost justify-self-start">
                {member.banned ? "Enable Account" : "Disable Account"}
              </button>
            </Form>
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
