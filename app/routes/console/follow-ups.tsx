import { data, Form, Link } from "react-router";
import { type Column, DataTable } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { type ConsoleDone, ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid } from "~/forms/console.server";
import type { FormResult } from "~/forms/forms";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDate, formatDateTime } from "~/lib/dates";
import { parseUrgentCursor } from "~/lib/ids";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { followUpQueue, settledFollowUps, settleFollowUp } from "~/modules/follow-ups/queue.server";
import type { CareReason } from "~/modules/follow-ups/schema";
import { settleSchema } from "~/modules/follow-ups/validation";
import { afterSession } from "~/modules/follow-ups/who5";
import type { Route } from "./+types/follow-ups";

/** Why a check-in waits, in the queue's words (never the member's answers, which keepers do not see). */
const REASONS: Record<CareReason, string> = {
  missed: "Not answered",
  low: "Low wellbeing score",
  crisis: "Spoke of harm or danger",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const zone = viewer.timezone;
  // The queue a page at a time (`?before=`, issue 47); an unusable cursor starts from the top.
  const before = parseUrgentCursor(new URL(request.url).searchParams.get("before"));
  const [{ rows: waiting, next }, settled] = await Promise.all([
    followUpQueue(handles.db, before),
    settledFollowUps(handles.db),
  ]);
  const now = Date.now();
  return {
    next,
    waiting: waiting.map((row) => ({
      id: row.id,
      memberId: row.memberId,
      memberName: row.memberName,
      reason: REASONS[row.reason ?? "missed"],
      urgent: row.urgent,
      overdue: row.careDueAt ? row.careDueAt.getTime() < now : false,
      // An urgent item is due within the day (plan.server.ts, URGENT_WITHIN_MS): its hour matters.
      careDue: row.careDueAt ? (row.urgent ? formatDateTime : formatDate)(row.careDueAt, zone) : "",
      checkIn: `${afterSession(row.days)} after a session, due ${formatDate(row.dueAt, zone)}`,
    })),
    settled: settled.map((row) => ({
      id: row.id,
      memberName: row.memberName,
      reason: REASONS[row.reason ?? "missed"],
      doneAt: row.doneAt ? formatDateTime(row.doneAt, zone) : "",
      doneBy: row.doneBy ?? "",
    })),
  };
}

/** A keeper reached out: the item leaves the queue (a resend changes nothing more), audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "done": {
        const parsed = parse(submission, settleSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors);
        const settled = await settleFollowUp(handles.db, viewer, Number(parsed.data.followUpId), handles.clientIp);
        if (settled === "missing") throw data(null, { status: 404 });
        return succeeded(request, { redirectTo: donePage("/console/follow-ups", "done"), data: { done: "done" } });
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

type Waiting = Route.ComponentProps["loaderData"]["waiting"][number];

export default function FollowUps({ loaderData, actionData }: Route.ComponentProps) {
  const { waiting, settled, next } = loaderData;
  const columns: ReadonlyArray<Column<Waiting>> = [
    {
      header: "Member",
      primary: true,
      cell: (row) => (
        <Link to={`/console/members/${row.memberId}`} className="text-violet-200 underline underline-offset-4">
          {row.memberName}
        </Link>
      ),
    },
    {
      header: "Why",
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          {row.urgent ? <StatusBadge status="urgent" /> : null}
          {row.reason}
        </span>
      ),
    },
    {
      header: "Reach out by",
      nowrap: true,
      cell: (row) =>
        row.overdue ? <strong className="text-rose-200">{`${row.careDue} (overdue)`}</strong> : row.careDue,
    },
    { header: "Check-in", cell: (row) => row.checkIn },
    { header: "Actions", hideHeader: true, cell: (row) => <Settle id={row.id} result={actionData} /> },
  ];
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Follow-ups</h1>
      <p className="mt-2 max-w-3xl text-mist-muted">
        Check-ins after a booked session that wait for a keeper to reach out: one not answered a week after it was due,
        a low WHO-5 wellbeing score, or words of harm or danger (urgent). You see why, never the member's answers: those
        are theirs alone. Reach out by email or a conversation, then mark it done.
      </p>
      <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.followUps} />
      <DataTable
        caption="Follow-ups waiting for a keeper"
        columns={columns}
        rows={waiting}
        rowKey={(r) => r.id}
        empty="No follow-up waits for a keeper."
      />
      {/* The queue runs urgent first, then the soonest due: the next page holds those due later. */}
      <OlderLink value={next} label="Later follow-ups" firstLabel="First waiting" />
      <h2 className="mt-10 font-serif text-2xl font-semibold">Recently done</h2>
      <DataTable
        caption="Follow-ups recently done"
        columns={[
          { header: "Member", primary: true, cell: (row) => row.memberName },
          { header: "Why", cell: (row) => row.reason },
          { header: "Done", nowrap: true, cell: (row) => row.doneAt },
          { header: "By", cell: (row) => row.doneBy },
        ]}
        rows={settled}
        rowKey={(r) => r.id}
        empty="None yet."
      />
    </>
  );
}

/** One item's "Mark Done": a form of its own. */
function Settle({ id, result }: { id: number; result: FormResult<ConsoleDone> | undefined }) {
  const form = useForm({ id: `settle-${id}`, result });
  return (
    <Form method="post" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="intent" value="done" />
      <input type="hidden" name="followUpId" value={id} />
      <button type="submit" className="btn-ghost text-sm" disabled={form.pending}>
        Mark Done
      </button>
    </Form>
  );
}
