import { Link, useSearchParams } from "react-router";
import { FieldError } from "~/components/forms/field";
import { formatDayShort, formatTime, zoneName } from "~/lib/dates";
import { SLOT_ZONE } from "~/modules/bookings/time";

/*
 * Choosing a day and a time with links and radios, so it works before JavaScript loads or without
 * it (the booking page, the emailed link's reschedule). The day is the page's address (`?day=`,
 * `?from=` for later days); the server lists that day's free times.
 */

const slotZoneName = zoneName(SLOT_ZONE);

/** The page's address with `changes` applied (other parameters, such as `offer`, kept). */
function useAddress() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>, hash = "") => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return `?${next}${hash}`;
  };
}

export function DayLinks(props: {
  id: string;
  heading: string;
  days: ReadonlyArray<string>;
  more: string | null;
  day: string | null;
  /** Where a chosen day's times are (an element id on the page). */
  timesId: string;
}) {
  const address = useAddress();
  return (
    <section className="card" aria-labelledby={props.id}>
      <h2 id={props.id} className="font-serif text-2xl font-semibold">
        {props.heading}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {props.days.map((d) => (
          <li key={d}>
            <Link
              to={address({ day: d }, `#${props.timesId}`)}
              preventScrollReset
              aria-current={d === props.day ? "true" : undefined}
              className="block rounded-lg border border-violet-300/25 px-3 py-2 text-center hover:border-gold aria-[current]:border-gold aria-[current]:bg-gold/10"
            >
              {formatDayShort(d)}
            </Link>
          </li>
        ))}
      </ul>
      {props.more ? (
        <Link to={address({ from: props.more, day: null })} className="btn-ghost mt-4">
          Later days
        </Link>
      ) : null}
    </section>
  );
}

/** A day's free times as radios named `time`, in the congregation's zone (a page without scripts cannot know the visitor's). */
export function TimeChoices(props: {
  legend: string;
  slots: ReadonlyArray<{ time: string; startsAt: string }>;
  chosen: string | undefined;
  /** The time's message: every choice is marked and points at it (a screen reader reads a radio on its own). */
  error: string | undefined;
  /** Unique on the page; the message's id is `${id}-error`. */
  id: string;
}) {
  const errorId = `${props.id}-error`;
  return (
    <fieldset>
      <legend className="font-serif text-2xl font-semibold">{props.legend}</legend>
      <p className="mt-1 text-sm text-mist-muted">Times are {slotZoneName ?? "New York time"}.</p>
      {props.slots.length === 0 ? (
        <p className="mt-3 text-mist-muted">No times are free on this day. Please choose another.</p>
      ) : (
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {props.slots.map((s, i) => (
            <label
              key={s.time}
              className="cursor-pointer rounded-lg border border-violet-300/25 px-3 py-2 text-center hover:border-gold has-checked:border-gold has-checked:bg-gold/10 has-focus-visible:outline-2 has-focus-visible:outline-gold"
            >
              <input
                type="radio"
                name="time"
                value={s.time}
                defaultChecked={props.chosen ? props.chosen === s.time : i === 0}
                aria-invalid={props.error ? true : undefined}
                aria-describedby={props.error ? errorId : undefined}
                className="sr-only"
              />
              {formatTime(s.startsAt, SLOT_ZONE)}
            </label>
          ))}
        </div>
      )}
      <FieldError id={errorId} className="mt-2" message={props.error} />
    </fieldset>
  );
}
