import { Form } from "react-router";
import { PausedBanner } from "~/components/ceremonies/paused-banner";
import { type Column, DataTable, titleColumn } from "~/components/console/data-table";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { FieldError, TextField } from "~/components/forms/field";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatSlot, formatTime } from "~/lib/dates";
import { daysForStaff, facilitatorChoices, scheduleDay } from "~/modules/ceremonies/days.server";
import { dayInput } from "~/modules/ceremonies/form.server";
import { CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";
import { ceremoniesOpen } from "~/modules/ceremonies/setting";
import { ceremonyDaySchema } from "~/modules/ceremonies/validation";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/ceremonies";

/** Ceremony days ahead and the last 20 past, the staff who may lead one, and whether ceremonies are paused. */
export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const [{ ahead, past }, leaders] = await Promise.all([daysForStaff(handles.db), facilitatorChoices(handles.db)]);
  const row = ({ day, taken }: (typeof ahead)[number]) => ({
    id: day.id,
    place: day.place,
    when: `${formatSlot(day.startsAt, viewer.timezone)} to ${formatTime(day.endsAt, viewer.timezone)}`,
    places: `${taken} of ${day.capacity}`,
    status: day.status,
  });
  return {
    paused: !ceremoniesOpen(handles.env),
    zone: viewer.timezone,
    ahead: ahead.map(row),
    past: past.map(row),
    leaders,
  };
}

/** Scheduling a day: once per one-time key, every facilitator a keeper or admin, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "schedule":
        break;
      default:
        return unknownForm(submission);
    }
    const typed = Object.keys(ceremonyDaySchema.shape);
    const parsed = parse(submission, ceremonyDaySchema);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, typed);
    const day = dayInput(parsed.data, viewer.timezone);
    if (!day.ok) return consoleInvalid(submission, { [day.field]: day.message }, typed);
    const leaders = new Set((await facilitatorChoices(handles.db)).map((leader) => leader.id));
    if (!day.input.facilitatorIds.every((leader) => leaders.has(leader))) {
      return consoleInvalid(submission, { facilitators: CEREMONY_MESSAGES.facilitators }, typed);
    }
    const identity = {
      scope: "console.ceremony.schedule",
      key: submission.key,
      ownerId: viewer.id,
      subject: NEW_RECORD,
    };
    const answer = await once(handles.db, identity, async (tx) => {
      const dayId = await scheduleDay(tx, viewer, day.input, handles.clientIp);
      return { redirectTo: donePage(`/console/ceremonies/${dayId}`, "scheduled"), data: { done: "scheduled" } };
    });
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

type Row = Route.ComponentProps["loaderData"]["ahead"][number];
const COLUMNS: ReadonlyArray<Column<Row>> = [
  titleColumn(
    "When",
    (row) => `/console/ceremonies/${row.id}`,
    (row) => row.when,
  ),
  { header: "Place", cell: (row) => row.place },
  { header: "Places held", cell: (row) => row.places },
  { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
];

export default function Ceremonies({ loaderData, actionData }: Route.ComponentProps) {
  const { paused, zone, ahead, past, leaders } = loaderData;
  const form = useForm({ id: "ceremony-day", result: actionData, onSuccess: (_d, element) => element?.reset() });
  const field = (name: string) => form.field(name);
  const leadersError = form.errors.facilitators;
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Ceremonies</h1>
      <PausedBanner paused={paused} />
      <a href="/console/ceremonies/summary" className="mt-2 inline-block text-violet-200 underline underline-offset-4">
        Yearly safety summary
      </a>
      <p className="mt-3 max-w-3xl text-mist-muted">
        Ceremony days, the approved applicants you invite from the waitlist, and each participant's readiness: their
        signed packet and what its answers flag for a keeper.
      </p>
      <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.ceremony} />
      <DataTable
        caption="Ceremony days ahead"
        columns={COLUMNS}
        rows={ahead}
        rowKey={(r) => r.id}
        empty="No day ahead."
      />
      {past.length > 0 ? (
        <DataTable caption="The last 20 days held" columns={COLUMNS} rows={past} rowKey={(r) => r.id} empty="" />
      ) : null}
      <h2 className="mt-10 mb-4 font-serif text-2xl font-semibold">Schedule a ceremony day</h2>
      <Form method="post" className="card grid max-w-3xl gap-4" {...form.props}>
        <input {...form.keyField} />
        <input type="hidden" name="intent" value="schedule" />
        <TextField {...field("place")} label="Place" hint="The address or the name of the house." maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...field("day")} label="Date" type="date" />
          <TextField {...field("starts")} label="Begins" type="time" hint={`Your time zone: ${zone}.`} />
          <TextField {...field("ends")} label="Ends" type="time" />
        </div>
        <TextField {...field("capacity")} label="Places" type="number" min={1} max={30} />
        <fieldset>
          <legend className="mb-2 font-medium">Facilitators who lead the day</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {leaders.map((leader) => (
              <label key={leader.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="facilitators"
                  value={leader.id}
                  defaultChecked={form.wasChecked("facilitators", leader.id)}
                  aria-invalid={leadersError ? true : undefined}
                  aria-describedby={leadersError ? "ceremony-day-facilitators-error" : undefined}
                  className="h-5 w-5 accent-gold"
                />
                {leader.name}
              </label>
            ))}
          </div>
          <FieldError id="ceremony-day-facilitators-error" message={leadersError} />
        </fieldset>
        <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
          Schedule Ceremony Day
        </button>
      </Form>
    </>
  );
}
