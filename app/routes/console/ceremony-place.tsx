import { data, Form, Link } from "react-router";
import { ReactionForm, type ReactionValues } from "~/components/ceremonies/reaction-form";
import { ConsoleOutcome } from "~/components/console/outcome";
import { TextAreaField, TextField } from "~/components/forms/field";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { addDays, clockIn, dayIn, formatDateTime, formatSlot, zonedInstant } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { readRecord, recordAccess, reportReaction, saveAttendance } from "~/modules/ceremonies/day-record.server";
import { CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";
import { attendanceSchema, reactionSchema } from "~/modules/ceremonies/validation";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import type { Route } from "./+types/ceremony-place";

/** The day's record for one participant: the day's facilitators and admins only, once it has begun; the read audited. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const dayId = serialId(params.id) ?? 0;
  const access = await recordAccess(handles.db, viewer, dayId, serialId(params.placeId) ?? 0);
  if (access.kind === "missing") throw data(null, { status: 404 });
  if (access.kind === "not-leader") throw data(CEREMONY_MESSAGES.notLeader, { status: 403 });
  if (access.kind === "not-begun") return { dayId, open: false as const };
  const zone = viewer.timezone;
  const record = await readRecord(
    handles.db,
    handles.env,
    viewer,
    access.place.id,
    access.place.userId,
    handles.clientIp,
  );
  const ceremonyDate = dayIn(access.day.startsAt, zone);
  const a = record.attendance;
  return {
    dayId,
    open: true as const,
    zone,
    placeId: access.place.id,
    name: access.place.name,
    when: formatSlot(access.day.startsAt, zone),
    attendance: {
      arrived: a?.arrivedAt ? clockIn(a.arrivedAt, zone) : "",
      departed: a?.departedAt ? clockIn(a.departedAt, zone) : "",
      transportFollowed: a?.transportFollowed === null || !a ? "" : a.transportFollowed ? "yes" : "no",
      arranged: a?.arranged ?? "",
      notes: a?.notes ?? "",
      by: a ? `Last saved by ${a.recordedByName} on ${formatDateTime(a.updatedAt, zone)}` : null,
    },
    reactions: record.reactions.map((r): ReactionValues & { reportedBy: string; at: string } => ({
      id: r.id,
      nextDay: dayIn(r.occurredAt, zone) !== ceremonyDate,
      time: clockIn(r.occurredAt, zone),
      severity: r.severity,
      emergencyCalled: r.emergencyCalled ? "yes" : "no",
      whatHappened: r.whatHappened,
      whatDone: r.whatDone,
      followUp: r.followUp,
      reportedBy: r.reportedByName,
      at: formatDateTime(r.occurredAt, zone),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const dayId = serialId(params.id) ?? 0;
  const access = await recordAccess(handles.db, viewer, dayId, serialId(params.placeId) ?? 0);
  if (access.kind === "missing") throw data(null, { status: 404 });
  const submission = await readSubmission(request);
  if (access.kind !== "ok") {
    return consoleRefused(
      submission,
      access.kind === "not-leader" ? CEREMONY_MESSAGES.notLeader : CEREMONY_MESSAGES.notBegun,
      403,
    );
  }
  const zone = viewer.timezone;
  const date = dayIn(access.day.startsAt, zone);
  const at = (time: string, nextDay = false) =>
    time ? zonedInstant(nextDay ? addDays(date, 1) : date, time, zone) : null;
  const back = (what: string) =>
    succeeded(request, {
      redirectTo: donePage(`/console/ceremonies/${dayId}/places/${access.place.id}`, what),
      data: { done: what },
    });
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "attendance": {
        const typed = Object.keys(attendanceSchema.shape);
        const parsed = parse(submission, attendanceSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, typed);
        const { arrived, departed, transportFollowed, arranged, notes } = parsed.data;
        const arrivedAt = at(arrived);
        const departedAt = at(departed);
        if (arrivedAt && departedAt && departedAt <= arrivedAt) {
          return consoleInvalid(submission, { departed: CEREMONY_MESSAGES.departure }, typed);
        }
        if (transportFollowed === "no" && arranged === "") {
          return consoleInvalid(submission, { arranged: CEREMONY_MESSAGES.arranged }, typed);
        }
        const followed = transportFollowed === "" ? null : transportFollowed === "yes";
        await saveAttendance(
          handles.db,
          handles.env,
          viewer,
          access.place,
          {
            arrivedAt,
            departedAt,
            transportFollowed: followed,
            arranged,
            notes,
          },
          handles.clientIp,
        );
        return back("recorded");
      }
      case "reaction": {
        const typed = Object.keys(reactionSchema.shape);
        const parsed = parse(submission, reactionSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, typed);
        const { nextDay, time, severity, emergencyCalled, whatHappened, whatDone, followUp } = parsed.data;
        const occurredAt = at(time, nextDay) as Date;
        const input = {
          occurredAt,
          severity,
          emergencyCalled: emergencyCalled === "yes",
          whatHappened,
          whatDone,
          followUp,
        };
        const reactionId = parsed.data.reactionId ? Number(parsed.data.reactionId) : null;
        const outcome = await reportReaction(
          handles.db,
          handles.env,
          viewer,
          access.day,
          access.place,
          input,
          reactionId,
          handles.clientIp,
        );
        if (outcome === "missing") return consoleRefused(submission, CEREMONY_MESSAGES.missingPlace, 404);
        return back(outcome);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

export default function CeremonyPlace({ loaderData, actionData }: Route.ComponentProps) {
  const form = useForm({
    id: "attendance",
    result: actionData?.ok === false && actionData.values?.intent === "attendance" ? actionData : undefined,
  });
  const back = (
    <p>
      <Link
        to={`/console/ceremonies/${loaderData.dayId}`}
        className="text-sm text-violet-200 underline underline-offset-4"
      >
        The ceremony day
      </Link>
    </p>
  );
  if (!loaderData.open) {
    return (
      <>
        {back}
        <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.ceremony} />
        <p className="card mt-4">{CEREMONY_MESSAGES.notBegun}</p>
      </>
    );
  }
  const { zone, placeId, name, when, attendance: a, reactions } = loaderData;
  const field = (n: keyof typeof a) => {
    const f = form.field(n);
    return { ...f, defaultValue: f.defaultValue ?? String(a[n] ?? "") };
  };
  const followed = (v: string) =>
    form.errors.transportFollowed !== undefined ? form.wasChecked("transportFollowed", v) : a.transportFollowed === v;
  return (
    <>
      {back}
      <h1 className="mt-4 font-serif text-3xl font-semibold">{`${name}: the day's record`}</h1>
      <p className="mt-2 text-mist-muted">{`${when}. Only the day's facilitators and administrators see this page; each visit is recorded in the audit log.`}</p>
      <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.ceremony} />
      <h2 className="mt-8 font-serif text-2xl font-semibold">Arrival, departure and the way home</h2>
      {a.by ? <p className="mt-1 text-sm text-mist-muted">{a.by}</p> : null}
      <Form method="post" className="card mt-4 grid gap-4" {...form.props}>
        <input {...form.keyField} />
        <input type="hidden" name="placeId" value={placeId} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field("arrived")} label="Arrived at" type="time" hint={`Your time zone: ${zone}.`} />
          <TextField {...field("departed")} label="Left at" type="time" />
        </div>
        <fieldset>
          <legend className="mb-2 font-medium">Was the transportation plan followed?</legend>
          <div className="flex gap-4">
            {["yes", "no"].map((v) => (
              <label key={v} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="transportFollowed"
                  value={v}
                  defaultChecked={followed(v)}
                  className="h-4 w-4 accent-gold"
                />
                {v === "yes" ? "Yes" : "No"}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField {...field("arranged")} label="If not, what was arranged" maxLength={1000} />
        <TextAreaField {...field("notes")} label="Session notes (sealed)" maxLength={4000} />
        <button
          type="submit"
          name="intent"
          value="attendance"
          className="btn-gold justify-self-start"
          disabled={form.pending}
        >
          Save the Record
        </button>
      </Form>
      <h2 className="mt-10 font-serif text-2xl font-semibold">Adverse reactions</h2>
      {reactions.length === 0 ? <p className="mt-2 text-mist-muted">None reported.</p> : null}
      <ul className="mt-4 grid gap-4">
        {reactions.map((r) => (
          <li key={r.id} className="card">
            <p className="font-semibold">{`${r.at}: ${r.severity}${r.emergencyCalled === "yes" ? ", emergency services called" : ""}`}</p>
            <p className="mt-1 text-sm text-mist-muted">{`Reported by ${r.reportedBy}`}</p>
            <details className="mt-3">
              <summary className="cursor-pointer text-violet-200">Read or correct this report</summary>
              <div className="mt-4">
                <ReactionForm
                  formId={`reaction-${r.id}`}
                  placeId={placeId}
                  values={r}
                  result={actionData}
                  zone={zone}
                />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <h3 className="mt-8 font-serif text-xl font-semibold">Report a reaction</h3>
      <div className="card mt-3">
        <ReactionForm formId="reaction-new" placeId={placeId} result={actionData} zone={zone} />
      </div>
    </>
  );
}
