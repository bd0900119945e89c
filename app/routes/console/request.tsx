import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { StatusBadge } from "~/components/console/status-badge";
import { FormAlert } from "~/components/forms/form-alert";
import { formToObject } from "~/lib/forms";
import { serialId } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { decideAccessRequest, getAccessRequest } from "~/modules/intake/access-review.server";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/request";

const OUTCOME_MESSAGES = {
  "already-decided": "Another keeper has already decided this request.",
  "email-in-use": "An account with this email already exists; decline this request or contact the person.",
  "not-found": "This request no longer exists.",
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const row = await getAccessRequest(context.db, serialId(params.id) ?? 0);
  if (!row) throw data(null, { status: 404 });
  const zone = await memberTimezone(context.db, viewer.id);
  return {
    request: {
      ...row,
      createdAt: formatDateTime(row.createdAt, zone),
      decidedAt: row.decidedAt ? formatDateTime(row.decidedAt, zone) : null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request, context);
  const fields = formToObject(await request.formData());
  const decision = fields.decision === "approve" || fields.decision === "decline" ? fields.decision : null;
  const message = (fields.message ?? "").trim();
  if (!decision) return data({ error: "Choose approve or decline." }, { status: 400 });
  if (message.length > 2000) return data({ error: "Please keep the message under 2000 characters." }, { status: 400 });
  const outcome = await decideAccessRequest(context.db, {
    id: serialId(params.id) ?? 0,
    decision,
    message: message || null,
    staff: { id: viewer.id, name: viewer.name },
    siteUrl: context.env.SITE_URL,
    ip: context.clientIp,
  });
  if (outcome !== "done") return data({ error: OUTCOME_MESSAGES[outcome] }, { status: 409 });
  throw redirect(`/console/requests/${params.id}`);
}

export default function AccessRequestDetail() {
  const { request } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <article className="max-w-3xl">
      <Link to="/console/requests" className="text-sm text-violet-200 underline underline-offset-4">
        All requests
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold">{request.name}</h1>
      <p className="mt-2 text-mist-muted">
        <span className="break-all">{request.email}</span> · received {request.createdAt} ·{" "}
        <StatusBadge status={request.status} />
      </p>
      <section className="card mt-6">
        <h2 className="font-semibold">Why they seek access</h2>
        <p className="mt-2 whitespace-pre-wrap break-words">{request.reason}</p>
        <h2 className="mt-5 font-semibold">Prior experience</h2>
        <p className="mt-2 whitespace-pre-wrap break-words">{request.experience || "Not given."}</p>
      </section>
      {request.status === "new" ? (
        <Form method="post" className="card mt-6 grid gap-4">
          <h2 className="font-semibold">Decision</h2>
          <FormAlert message={result?.error ?? null} />
          <label htmlFor="message" className="text-sm font-medium">
            Message to the person (optional, included in the email)
          </label>
          <textarea id="message" name="message" maxLength={2000} className="field min-h-[100px]" />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="decision" value="approve" className="btn-gold" disabled={submitting}>
              Approve and send invitation
            </button>
            <button type="submit" name="decision" value="decline" className="btn-ghost" disabled={submitting}>
              Decline kindly
            </button>
          </div>
        </Form>
      ) : (
        <section className="card mt-6">
          <h2 className="font-semibold">Decision</h2>
          <p className="mt-2">
            {request.status === "approved" ? "Approved" : "Declined"} by {request.decidedByName ?? "a keeper"} on{" "}
            {request.decidedAt}.
          </p>
          {request.decisionMessage ? (
            <p className="mt-2 whitespace-pre-wrap break-words text-mist-muted">{request.decisionMessage}</p>
          ) : null}
        </section>
      )}
    </article>
  );
}
