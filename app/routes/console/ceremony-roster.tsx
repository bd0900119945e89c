import { data, Link } from "react-router";
import { appContext, viewerContext } from "~/context";
import { formatSlot, formatTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { dayForStaff } from "~/modules/ceremonies/days.server";
import { CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";
import { leadsDay, rosterFor } from "~/modules/ceremonies/roster.server";
import type { Route } from "./+types/ceremony-roster";

/** The day's roster: its confirmed participants and what the facilitators need at hand; theirs and admins' alone, audited. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const id = serialId(params.id) ?? 0;
  const found = await dayForStaff(handles.db, id);
  if (!found) throw data(null, { status: 404 });
  if (!(await leadsDay(handles.db, viewer, id))) throw data(CEREMONY_MESSAGES.notLeader, { status: 403 });
  const zone = viewer.timezone;
  return {
    id,
    when: `${formatSlot(found.day.startsAt, zone)} to ${formatTime(found.day.endsAt, zone)}`,
    place: found.day.place,
    leaders: found.leaders.map((l) => l.name),
    roster: await rosterFor(handles.db, handles.env, viewer, id, handles.clientIp),
  };
}

const ROWS = [
  ["emergency", "Emergency contact"],
  ["support", "Support person"],
  ["home", "Takes them home"],
  ["touch", "Supportive touch"],
  ["medicines", "Medicines"],
  ["devices", "Medical devices"],
] as const;

export default function CeremonyRoster({ loaderData }: Route.ComponentProps) {
  const { id, when, place, leaders, roster } = loaderData;
  return (
    <>
      <p className="print:hidden">
        <Link to={`/console/ceremonies/${id}`} className="text-sm text-violet-200 underline underline-offset-4">
          The ceremony day
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-3xl font-semibold">{`Roster: ${when}`}</h1>
      <p className="mt-2 text-mist-muted">{`${place}. Led by ${leaders.join(", ")}. Confidential: for the day's facilitators; each reading is recorded.`}</p>
      {roster.length === 0 ? <p className="card mt-6">No place on this day is confirmed yet.</p> : null}
      <ol className="mt-6 grid gap-4">
        {roster.map((p) => (
          <li key={p.name} className="card break-inside-avoid">
            <h2 className="font-serif text-2xl font-semibold">{p.name}</h2>
            <dl className="mt-3 grid gap-2 sm:grid-cols-2">
              {ROWS.map(([key, label]) => (
                <div key={key}>
                  <dt className="text-sm text-mist-muted">{label}</dt>
                  <dd className="whitespace-pre-wrap">{p[key] ?? "Not given"}</dd>
                </div>
              ))}
            </dl>
            {p.needs.length > 0 ? <p className="mt-3">{`Needs: ${p.needs.join("; ")}.`}</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
