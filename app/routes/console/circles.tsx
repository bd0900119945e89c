import { CircleForm } from "~/components/circles/circle-form";
import { type Column, DataTable, titleColumn } from "~/components/console/data-table";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatSlot } from "~/lib/dates";
import { circlesForStaff, scheduleCircle } from "~/modules/circles/circles.server";
import { circleInput } from "~/modules/circles/form.server";
import { CIRCLE_MESSAGES } from "~/modules/circles/messages";
import { circleSchema } from "~/modules/circles/validation";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/circles";

export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const rows = await circlesForStaff(handles.db);
  return {
    zone: viewer.timezone,
    rows: rows.map(({ circle, attending, waiting }) => ({
      id: circle.id,
      title: circle.title,
      when: formatSlot(circle.startsAt, viewer.timezone),
      places: `${attending} of ${circle.capacity}${waiting ? `, ${waiting} waiting` : ""}`,
      status: circle.status,
    })),
  };
}

/** Scheduling a circle: once per one-time key (a resend makes no second circle), audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CIRCLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "schedule": {
        const parsed = parse(submission, circleSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, Object.keys(circleSchema.shape));
        const input = circleInput(parsed.data, viewer.timezone);
        if (!input) return consoleInvalid(submission, { time: CIRCLE_MESSAGES.past }, ["time"]);
        const identity = {
          scope: "console.circle.schedule",
          key: submission.key,
          ownerId: viewer.id,
          subject: NEW_RECORD,
        };
        const answer = await once(handles.db, identity, async (tx) => {
          const id = await scheduleCircle(tx, viewer, input, handles.clientIp);
          return { redirectTo: donePage(`/console/circles/${id}`, "scheduled"), data: { done: "scheduled" } };
        });
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadSchema = () => import("~/modules/circles/validation").then((m) => m.circleSchema);

const COLUMNS: ReadonlyArray<Column<Route.ComponentProps["loaderData"]["rows"][number]>> = [
  titleColumn(
    "Circle",
    (row) => `/console/circles/${row.id}`,
    (row) => row.title,
  ),
  { header: "When", nowrap: true, cell: (row) => row.when },
  { header: "Places taken", cell: (row) => row.places },
  { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
];

export default function Circles({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, zone } = loaderData;
  const form = useForm({
    id: "circle",
    result: actionData,
    schema: loadSchema,
    onSuccess: (_data, element) => element?.reset(),
  });
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Integration circles</h1>
      <p className="mt-2 max-w-3xl text-mist-muted">
        Group gatherings online. Members sign up from their calendar; when a circle is full they join a waitlist that
        moves up when someone leaves. Each gets a calendar file, an update when you change the circle, and a reminder
        the day before. Only keepers see who comes.
      </p>
      <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.circle} />
      <DataTable caption="Circles" columns={COLUMNS} rows={rows} rowKey={(r) => r.id} empty="No circle yet." />
      <h2 className="mt-10 mb-4 font-serif text-2xl font-semibold">Schedule a circle</h2>
      <CircleForm form={form} intent="schedule" zone={zone} submit="Schedule Circle" />
    </>
  );
}
