import { plural } from "~/lib/plural";
import { CHECKIN_CHOICES } from "~/modules/calendar/checkin-choices";

const colorOf = (emotion: string) => CHECKIN_CHOICES.find((c) => c.label === emotion)?.color ?? "#a78bfa";

/**
 * The member's last 30 or 90 days: one cell per day coloured by that day's check-in, and bars for
 * the emotions chosen in journal entries. Server-drawn SVG with a text summary for screen readers.
 */
export function CheckinChart(props: {
  days: ReadonlyArray<{ day: string; emotion: string | null; journal: number }>;
  journalEmotions: ReadonlyArray<{ emotion: string; times: number }>;
}) {
  const cell = 14;
  const gap = 3;
  const perRow = Math.min(props.days.length, 30);
  const rows = Math.ceil(props.days.length / perRow);
  const width = perRow * (cell + gap);
  const counts = CHECKIN_CHOICES.map((c) => ({ ...c, times: props.days.filter((d) => d.emotion === c.label).length }));
  const checkedIn = counts.reduce((sum, c) => sum + c.times, 0);
  const summary = `${plural(checkedIn, "check-in")} in the last ${props.days.length} days${
    checkedIn
      ? `: ${counts
          .filter((c) => c.times)
          .map((c) => `${c.label} ${c.times}`)
          .join(", ")}`
      : ""
  }.`;
  const top = props.journalEmotions.slice(0, 8);
  const max = Math.max(1, ...top.map((e) => e.times));

  return (
    <div className="grid gap-6">
      <figure>
        <svg
          viewBox={`0 0 ${width} ${rows * (cell + gap)}`}
          className="w-full max-w-xl"
          role="img"
          aria-label={summary}
        >
          {props.days.map((d, i) => (
            <rect
              key={d.day}
              x={(i % perRow) * (cell + gap)}
              y={Math.floor(i / perRow) * (cell + gap)}
              width={cell}
              height={cell}
              rx={3}
              fill={d.emotion ? colorOf(d.emotion) : "#221b4d"}
            >
              <title>{`${d.day}: ${d.emotion ?? "no check-in"}${d.journal ? `, ${d.journal} journal entr${d.journal === 1 ? "y" : "ies"}` : ""}`}</title>
            </rect>
          ))}
        </svg>
        {/* The colour key sits in the caption: a figure's caption is its first or last child. */}
        <figcaption className="mt-2">
          <p className="text-sm text-mist-muted">{summary}</p>
          <ul className="mt-2 flex flex-wrap gap-3 text-xs" aria-hidden>
            {CHECKIN_CHOICES.map((c) => (
              <li key={c.label} className="flex items-center gap-1">
                <span className="inline-block h-3 w-3 rounded-sm" style={{ background: c.color }} />
                {c.label}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <div>
        <h3 className="font-semibold">Emotions in your journal</h3>
        {top.length === 0 ? (
          <p className="mt-1 text-sm text-mist-muted">No journal entries with emotions in this period.</p>
        ) : (
          <ul className="mt-2 grid gap-1.5">
            {top.map((e) => (
              <li key={e.emotion} className="grid grid-cols-[7rem_1fr_2rem] items-center gap-2 text-sm">
                <span>{e.emotion}</span>
                <span className="h-2 rounded-full bg-night-700">
                  <span
                    className="block h-2 rounded-full bg-violet-400"
                    style={{ width: `${(e.times / max) * 100}%` }}
                  />
                </span>
                <span className="text-right tabular-nums text-mist-muted">{e.times}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
