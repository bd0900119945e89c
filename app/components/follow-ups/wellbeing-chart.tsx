import { formatDay, formatDayShort } from "~/lib/dates";
import { CHECKIN_CHOICES } from "~/modules/calendar/checkin-choices";

interface Props {
  /** The span drawn, the member's days: six months to today, as the card's text says. */
  from: string;
  to: string;
  scores: ReadonlyArray<{ day: string; percent: number; note: string }>;
  /** Short check-ins: words, no score (in the table only). */
  words: ReadonlyArray<{ day: string; note: string }>;
  moods: ReadonlyArray<{ day: string; emotion: string }>;
}

// A narrow drawing shown at most 576 px wide, so its labels stay readable from a phone (about 9 px) to a desk (16 px).
const W = 420;
const H = 200;
const LEFT = 40;
const RIGHT = 14;
const TOP = 12;
const PLOT_H = 110;
const MOOD_Y = TOP + PLOT_H + 30;
const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
const colorOf = (emotion: string) => CHECKIN_CHOICES.find((c) => c.label === emotion)?.color ?? "#c4b5fd";

/**
 * The member's wellbeing over time: WHO-5 scores (0–100) as a line, daily moods as coloured dots
 * on the same dates below it. Drawn on the server as SVG (no script needed); the same values are
 * in a table, which screen readers read (the picture is described in one sentence).
 */
export function WellbeingChart({ from, to, scores, words, moods }: Props) {
  const first = at(from);
  const last = Math.max(at(to), first + 1);
  const x = (day: string) => LEFT + ((at(day) - first) / (last - first)) * (W - LEFT - RIGHT);
  const y = (percent: number) => TOP + (1 - percent / 100) * PLOT_H;
  const latest = scores.at(-1);
  const description = [
    scores.length
      ? `${scores.length} wellbeing check-in${scores.length === 1 ? "" : "s"}, the latest ${latest?.percent} of 100 on ${formatDay(latest?.day ?? "")}.`
      : "No wellbeing check-in answered yet.",
    `${moods.length} daily mood${moods.length === 1 ? "" : "s"}, from ${formatDay(from)} to ${formatDay(to)}.`,
    "The table below has every value.",
  ].join(" ");
  const shownMoods = CHECKIN_CHOICES.filter((c) => moods.some((m) => m.emotion === c.label));
  const rows = [
    ...scores.map((s) => ({
      day: s.day,
      what: "Wellbeing check-in (WHO-5)",
      answer: `${s.percent} of 100`,
      note: s.note,
    })),
    ...words.map((w) => ({ day: w.day, what: "Check-in after a session", answer: w.note, note: "" })),
    ...moods.map((m) => ({ day: m.day, what: "Daily check-in", answer: m.emotion, note: "" })),
  ].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  return (
    <div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="wellbeing-chart-title wellbeing-chart-desc"
        className="mt-4 h-auto w-full max-w-xl"
      >
        <title id="wellbeing-chart-title">Your wellbeing over time</title>
        <desc id="wellbeing-chart-desc">{description}</desc>
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} stroke="rgb(196 181 253 / 0.25)" strokeDasharray="4 4" />
            <text x={LEFT - 8} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#c9c3d9">
              {v}
            </text>
          </g>
        ))}
        {scores.length > 1 ? (
          <polyline
            points={scores.map((s) => `${x(s.day)},${y(s.percent)}`).join(" ")}
            fill="none"
            stroke="#e8c46a"
            strokeWidth="2.5"
          />
        ) : null}
        {scores.map((s) => (
          <circle key={`s-${s.day}-${s.percent}`} cx={x(s.day)} cy={y(s.percent)} r="5" fill="#e8c46a" />
        ))}
        {/* The moods' row only when there are moods: an empty row would read as missing data. */}
        {moods.length > 0 ? (
          <text x={LEFT - 8} y={MOOD_Y + 4} textAnchor="end" fontSize="12" fill="#c9c3d9">
            Mood
          </text>
        ) : null}
        {moods.map((m) => (
          <circle key={`m-${m.day}`} cx={x(m.day)} cy={MOOD_Y} r="5" fill={colorOf(m.emotion)} />
        ))}
        <text x={LEFT} y={H - 6} fontSize="12" fill="#c9c3d9">
          {formatDayShort(new Date(first).toISOString().slice(0, 10))}
        </text>
        <text x={(LEFT + W - RIGHT) / 2} y={H - 6} textAnchor="middle" fontSize="12" fill="#c9c3d9">
          {formatDayShort(new Date((first + last) / 2).toISOString().slice(0, 10))}
        </text>
        <text x={W - RIGHT} y={H - 6} textAnchor="end" fontSize="12" fill="#c9c3d9">
          {formatDayShort(new Date(last).toISOString().slice(0, 10))}
        </text>
      </svg>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-mist-muted">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0.5 w-5 bg-gold" />
          Wellbeing score (0 to 100)
        </span>
        {shownMoods.map((c) => (
          <span key={c.label} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: c.color }} />
            {c.label}
          </span>
        ))}
      </p>
      <details className="mt-4">
        <summary className="cursor-pointer text-violet-200 hover:text-gold">Show as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your wellbeing over time, newest first</caption>
            <thead>
              <tr className="text-mist-muted">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Check-in
                </th>
                <th scope="col" className="py-1 font-medium">
                  Answer
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.what}-${row.day}-${row.answer}`} className="border-t border-violet-300/15 align-top">
                  <td className="py-1.5 pr-4 whitespace-nowrap">{formatDay(row.day)}</td>
                  <td className="py-1.5 pr-4">{row.what}</td>
                  {/* What they wrote goes under its score: no column stands empty for the moods. */}
                  <td className="py-1.5 whitespace-pre-wrap">
                    {row.answer}
                    {row.note ? <span className="mt-1 block text-mist-muted">{row.note}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
