import { data, Form, Link } from "react-router";
import { ParticipantCard } from "~/components/ceremonies/participant-card";
import { PausedBanner } from "~/components/ceremonies/paused-banner";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDate, formatSlot, formatTime, zonedInstant } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { dayForStaff, type InviteOutcome, invite, waitlistFor } from "~/modules/ceremonies/days.server";
import { DOCUMENT_KINDS } from "~/modules/ceremonies/documents";
import { CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";
import {
  confirmPlace,
  markPreparationHeld,
  remindMissing,
  schedulePreparation,
  settleFlag,
} from "~/modules/ceremonies/readiness.server";
import { ceremoniesOpen } from "~/modules/ceremonies/setting";
import { inviteSchema, placeSchema, preparationSchema, settleSchema } from "~/modules/ceremonies/validation";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import type { Route } from "./+types/ceremony-day";
import { participant } from "./ceremony-board.server";

/**
 * One ceremony day for the keepers: who leads it, every participant with their packet and the
 * flags its answers raised (what and why, never the answers), and the waitlist to invite from.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const id = serialId(params.id) ?? 0;
  const found = await dayForStaff(handles.db, id);
  if (!found) throw data(null, { status: 404 });
  const waiting = await waitlistFor(handles.db, id);
  const zone = viewer.timezone;
  return {
    paused: !ceremoniesOpen(handles.env),
    id,
    place: found.day.place,
    when: `${formatSlot(found.day.startsAt, zone)} to ${formatTime(found.day.endsAt, zone)}`,
    capacity: found.day.capacity,
    status: found.day.status,
    leaders: found.leaders.map((l) => l.name),
    zone,
    places: found.places.map((p) => participant(p, found.flags, zone)),
    waiting: waiting.map((w) => ({ id: w.applicationId, name: w.name, applied: formatDate(w.appliedAt, zone) })),
  };
}

const INVITE_REFUSALS: Record<Exclude<InviteOutcome, "invited">, { message: string; status: number }> = {
  missing: { message: "There is no such ceremony day.", status: 404 },
  cancelled: { message: CEREMONY_MESSAGES.cancelled, status: 409 },
  full: { message: CEREMONY_MESSAGES.full, status: 409 },
  "not-waiting": { message: CEREMONY_MESSAGES.notWaiting, status: 409 },
  "invited-already": { message: CEREMONY_MESSAGES.invitedAlready, status: 409 },
};
const READINESS_REFUSALS = {
  missing: CEREMONY_MESSAGES.missingPlace,
  "held-already": CEREMONY_MESSAGES.prepHeldAlready,
  "not-scheduled": CEREMONY_MESSAGES.prepNone,
  "not-yet": CEREMONY_MESSAGES.prepNotYet,
  "settled-already": CEREMONY_MESSAGES.flagSettled,
  "cannot-clear": CEREMONY_MESSAGES.cannotClear,
  "not-accepted": CEREMONY_MESSAGES.notAccepted,
  "packet-incomplete": CEREMONY_MESSAGES.packetIncomplete,
  "flags-open": CEREMONY_MESSAGES.flagsOpen,
  "no-preparation": CEREMONY_MESSAGES.noPreparation,
} as const;

/**
 * The day's forms: inviting from the waitlist, a place's preparation session (scheduled, then marked
 * held), settling a flag, confirming a place, reminding those whose packet is not complete. Each
 * acts on a state (a resend finds it done and is told so) and is audited.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const id = serialId(params.id) ?? 0;
  const submission = await readSubmission(request);
  const done = (what: string) =>
    succeeded(request, { redirectTo: donePage(`/console/ceremonies/${id}`, what), data: { done: what } });
  const refuse = (message: string, status = 409) => consoleRefused(submission, message, status);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const intent = submission.fields.intent;
    switch (intent) {
      case "invite": {
        const parsed = parse(submission, inviteSchema);
        if (!parsed.ok) return refuse(CEREMONY_MESSAGES.notWaiting, 400);
        const outcome = await invite(handles.db, handles.env, viewer, id, parsed.data.applicationId, handles.clientIp);
        return outcome === "invited"
          ? done("invited")
          : refuse(INVITE_REFUSALS[outcome].message, INVITE_REFUSALS[outcome].status);
      }
      case "prepare": {
        const parsed = parse(submission, preparationSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["day", "time"]);
        const startsAt = zonedInstant(parsed.data.day, parsed.data.time, viewer.timezone);
        const outcome = await schedulePreparation(
          handles.db,
          viewer,
          id,
          Number(parsed.data.placeId),
          startsAt,
          handles.clientIp,
        );
        if (outcome === "window")
          return consoleInvalid(submission, { day: CEREMONY_MESSAGES.prepWindow }, ["day", "time"]);
        return outcome === "scheduled" ? done("prepared") : refuse(READINESS_REFUSALS[outcome]);
      }
      case "held": {
        const parsed = parse(submission, placeSchema);
        if (!parsed.ok) return refuse(CEREMONY_MESSAGES.missingPlace, 404);
        const outcome = await markPreparationHeld(
          handles.db,
          viewer,
          id,
          Number(parsed.data.placeId),
          new Date(),
          handles.clientIp,
        );
        return outcome === "held" ? done("held") : refuse(READINESS_REFUSALS[outcome]);
      }
      case "settle-cleared":
      case "settle-declined": {
        const parsed = parse(submission, settleSchema);
        if (!parsed.ok) return refuse(CEREMONY_MESSAGES.missingPlace, 404);
        const verdict = intent === "settle-cleared" ? "cleared" : "declined";
        const outcome = await settleFlag(
          handles.db,
          viewer,
          id,
          Number(parsed.data.flagId),
          verdict,
          new Date(),
          handles.clientIp,
        );
        return outcome === "settled" ? done("settled") : refuse(READINESS_REFUSALS[outcome]);
      }
      case "confirm": {
        const parsed = parse(submission, placeSchema);
        if (!parsed.ok) return refuse(CEREMONY_MESSAGES.missingPlace, 404);
        const outcome = await confirmPlace(
          handles.db,
          handles.env,
          viewer,
          id,
          Number(parsed.data.placeId),
          handles.clientIp,
        );
        return outcome === "confirmed" ? done("confirmed") : refuse(READINESS_REFUSALS[outcome]);
      }
      case "remind":
        await remindMissing(handles.db, handles.env, id);
        return done("reminded");
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

export default function CeremonyDay({ loaderData, actionData }: Route.ComponentProps) {
  const { paused, place, when, capacity, status, leaders, places, waiting, zone } = loaderData;
  const form = useForm({ id: "invite", result: actionData });
  return (
    <>
      <p>
        <Link to="/console/ceremonies" className="text-sm text-violet-200 underline underline-offset-4">
          All ceremony days
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-3xl font-semibold">{when}</h1>
      <PausedBanner paused={paused} />
      <dl className="mt-4 grid gap-1 text-mist-muted">
        <div>
          <dt className="inline">Place: </dt>
          <dd className="inline">{place}</dd>
        </div>
        <div>
          <dt className="inline">Led by: </dt>
          <dd className="inline">{leaders.join(", ")}</dd>
        </div>
        <div>
          <dt className="inline">Status: </dt>
          <dd className="inline">
            <StatusBadge status={status} />
          </dd>
        </div>
      </dl>
      <p className="mt-3">
        <Link
          to={`/console/ceremonies/${loaderData.id}/roster`}
          className="text-violet-200 underline underline-offset-4"
        >
          The roster for the day
        </Link>
      </p>
      <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.ceremony} />
      <h2 className="mt-8 font-serif text-2xl font-semibold">{`Participants (${places.length} of ${capacity} places)`}</h2>
      {places.length === 0 ? <p className="mt-3 text-mist-muted">No one is invited yet.</p> : null}
      {places.some((p) => p.status === "accepted" && p.signed < DOCUMENT_KINDS.length) ? (
        <Form method="post" className="mt-3" {...form.props}>
          <input {...form.keyField} />
          <button type="submit" name="intent" value="remind" className="btn-ghost" disabled={form.pending}>
            Remind Those With Documents to Sign
          </button>
        </Form>
      ) : null}
      <ul className="mt-4 grid gap-4">
        {places.map((p) => (
          <ParticipantCard key={p.id} participant={p} dayId={loaderData.id} result={actionData} zone={zone} />
        ))}
      </ul>
      <h2 className="mt-10 font-serif text-2xl font-semibold">Invite from the waitlist</h2>
      <p className="mt-2 max-w-3xl text-mist-muted">
        Approved applicants with an account, who waited longest first.
        {paused
          ? " While ceremonies are paused they are not told and see nothing."
          : " They are emailed a link to their ceremony page."}
      </p>
      {waiting.length === 0 ? <p className="mt-3">No one waits.</p> : null}
      <ul className="mt-4 grid gap-2">
        {waiting.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center gap-3">
            <span>{`${w.name}, applied ${w.applied}`}</span>
            <Form method="post" {...form.props}>
              <input {...form.keyField} />
              <input type="hidden" name="applicationId" value={w.id} />
              <button type="submit" name="intent" value="invite" className="btn-ghost" disabled={form.pending}>
                {`Invite ${w.name}`}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
