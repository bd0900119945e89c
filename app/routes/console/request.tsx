import { data, Form, Link } from "react-router";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { TextAreaField } from "~/components/forms/field";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, parse, readSubmission, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { accessDecisionSchema } from "~/modules/console/validation";
import { decideAccessRequest, getAccessRequest } from "~/modules/intake/access-review.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/request";

const OUTCOME_MESSAGES = {
  "already-decided": "Another keeper has already decided this request.",
  "email-in-use": "An account with this email already exists; decline this request or contact the person.",
  "not-found": "This request no longer exists.",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const row = await getAccessRequest(handles.db, serialId(params.id) ?? 0);
  if (!row) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  return {
    request: {
      ...row,
      createdAt: formatDateTime(row.createdAt, zone),
      decidedAt: row.decidedAt ? formatDateTime(row.decidedAt, zone) : null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const parsed = parse(submission, accessDecisionSchema);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["message"]);
    const { decision, message } = parsed.data;
    const done = decision === "approve" ? "approved" : "declined";
    // The same key posted again (a lost answer, a double click) gets the first answer; another
    // keeper's later decision is refused by decideAccessRequest ("already-decided").
    const answer = await once(
      handles.db,
      { scope: "console.request", key: submission.key, ownerId: viewer.id, subject: `access-request:${params.id}` },
      async (tx) => {
        const outcome = await decideAccessRequest(tx, {
          id: serialId(params.id) ?? 0,
          decision,
          message: message || null,
          staff: { id: viewer.id, name: viewer.name },
          siteUrl: handles.env.SITE_URL,
          ip: handles.clientIp,
        });
        // Not decided: nothing is kept with the key, and the keeper is told why.
        if (outcome !== "done") throw new FormRefusal(consoleRefused(submission, OUTCOME_MESSAGES[outcome], 409));
        return { redirectTo: donePage(`/console/requests/${params.id}`, done), data: { done } };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadFields = () => import("~/modules/console/validation").then((m) => m.accessDecisionFields);

export default function AccessRequestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { request } = loaderData;
  const result = actionData;
  const form = useForm({ id: "decision", result, schema: loadFields });
  const submitting = form.pending;
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
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.request} />
      <section className="card mt-6">
        <h2 className="font-semibold">Why they seek access</h2>
        <p className="mt-2 whitespace-pre-wrap break-words">{request.reason}</p>
        <h2 className="mt-5 font-semibold">Prior experience</h2>
        <p className="mt-2 whitespace-pre-wrap break-words">{request.experience || "Not given."}</p>
      </section>
      {request.status === "new" ? (
        <Form method="post" className="card mt-6 grid gap-4" {...form.props}>
          <h2 className="font-semibold">Decision</h2>
          <input {...form.keyField} />
          <TextAreaField
            {...form.field("message")}
            label="Message to the person (optional, included in the email)"
            maxLength={2000}
          />
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
