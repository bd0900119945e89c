import { Form } from "react-router";
import { type Column, DataTable } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { type ConsoleDone, ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, parse, readSubmission, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import type { FormResult } from "~/forms/forms";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { AUDIT_ACTIONS, recordAudit } from "~/modules/audit/audit.server";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { resendSchema } from "~/modules/console/validation";
import { isCleared, listOutbox, requeue } from "~/modules/mail/outbox.server";
import { once } from "~/modules/submissions/once.server";
import { requireStaff } from "../guards.server";
import type { Route } from "./+types/outbox";

const PAGE = 50;
const CLEARED_MAIL =
  "This email held a single-use link and was cleared once sent, so it cannot be sent again. The person can ask for a new link.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = requireStaff(context.get(viewerContext), "admin");
  const before = beforeCursor(new URL(request.url));
  const zone = viewer.timezone;
  const rows = await listOutbox(handles.db, { limit: PAGE, before });
  // Bodies stay on the server: they can hold single-use links (invitations, password resets).
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.toAddress,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: formatDateTime(r.createdAt, zone),
      sentAt: r.sentAt ? formatDateTime(r.sentAt, zone) : null,
      cleared: isCleared(r),
    })),
    next: rows.length === PAGE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = requireStaff(context.get(viewerContext), "admin");
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const parsed = parse(submission, resendSchema);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors);
    const id = Number(parsed.data.id);
    // Queued again once per key: a repeated post writes no second audit entry.
    const answer = await once(
      handles.db,
      { scope: "console.outbox.resend", key: submission.key, ownerId: viewer.id, subject: `mail:${id}` },
      async (tx) => {
        if (!(await requeue(tx, id))) throw new FormRefusal(consoleRefused(submission, CLEARED_MAIL, 409));
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.mailResent,
          actor: { id: viewer.id, name: viewer.name },
          detail: { outboxId: id },
          ip: handles.clientIp,
        });
        const url = new URL(request.url);
        return { redirectTo: donePage(url.pathname, "resent", url.searchParams), data: { done: "resent" } };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const COLUMNS: ReadonlyArray<Column<Route.ComponentProps["loaderData"]["rows"][number]>> = [
  { header: "To", primary: true, cell: (row) => row.to },
  {
    header: "Subject",
    cell: (row) => (
      <>
        {row.subject}
        <span className="block text-xs text-mist-muted">{row.kind}</span>
        {row.lastError ? <span className="block text-xs text-rose-200">{row.lastError}</span> : null}
        {row.cleared ? (
          <span className="block text-xs text-mist-muted">Its single-use link was cleared once sent.</span>
        ) : null}
      </>
    ),
  },
  { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
  { header: "Attempts", cell: (row) => row.attempts },
  {
    header: "Queued",
    nowrap: true,
    cell: (row) => (
      <>
        {row.createdAt}
        {row.sentAt ? <span className="block text-xs text-mist-muted">sent {row.sentAt}</span> : null}
      </>
    ),
  },
];

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, next } = loaderData;
  const result = actionData;
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Outbox</h1>
      <p className="mt-2 text-mist-muted">
        Every email the site sends is written here first. Without SMTP_URL mail waits here; failed mail is retried with
        growing pauses for five days. An email that held a single-use link keeps no copy of it once sent.
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.outbox} />
      <DataTable
        caption="Outbox"
        columns={[
          ...COLUMNS,
          {
            header: "Actions",
            hideHeader: true,
            cell: (row) => (row.status === "sending" || row.cleared ? null : <Resend id={row.id} result={result} />),
          },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
      />
      <OlderLink value={next} />
    </>
  );
}

/** One row's Resend: a form of its own, with its own one-time key. */
function Resend({ id, result }: { id: number; result: FormResult<ConsoleDone> | undefined }) {
  const form = useForm({ id: `resend-${id}`, result });
  return (
    <Form method="post" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className="text-violet-200 underline underline-offset-4 hover:text-gold"
        disabled={form.pending}
      >
        Resend
      </button>
    </Form>
  );
}
