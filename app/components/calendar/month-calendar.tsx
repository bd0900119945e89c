import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { formatMonth, monthDays, shiftMonth } from "~/lib/dates";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function monthOf(day: string) {
  return day.slice(0, 7);
}

/**
 * SPEC.md's single-date month calendar. Dates are plain YYYY-MM-DD strings from the server (the
 * member's own days), so server and browser draw the same grid. Each day is a link: it works
 * without JavaScript and keeps the selection in the URL.
 */
export function MonthCalendar(props: { selected: string; today: string; marked: ReadonlyArray<string> }) {
  const month = monthOf(props.selected);
  const { leading, days } = monthDays(month);
  // Empty cells before the 1st and after the last day: every week row has its seven cells.
  const cells: Array<string | null> = [
    ...Array.from({ length: leading }, () => null),
    ...days,
    ...Array.from({ length: (7 - ((leading + days.length) % 7)) % 7 }, () => null),
  ];
  const title = formatMonth(month);
  const marked = new Set(props.marked);
  const link = (day: string) => `?date=${day}`;

  return (
    <div>
      <div className="flex items-center justify-between">
        <Link
          to={link(`${shiftMonth(month, -1)}-01`)}
          preventScrollReset
          className="rounded-full p-2 hover:bg-violet-500/10"
          aria-label="Previous month"
        >
          <ChevronLeft aria-hidden />
        </Link>
        <h2 className="font-serif text-2xl font-semibold" aria-live="polite">
          {title}
        </h2>
        <Link
          to={link(`${shiftMonth(month, 1)}-01`)}
          preventScrollReset
          className="rounded-full p-2 hover:bg-violet-500/10"
          aria-label="Next month"
        >
          <ChevronRight aria-hidden />
        </Link>
      </div>
      <table className="mt-3 w-full table-fixed text-center">
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="py-1 text-xs font-medium text-mist-muted">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: Math.ceil(cells.length / 7) }, (_, week) => (
            <tr key={cells[week * 7] ?? `w${week}`}>
              {cells.slice(week * 7, week * 7 + 7).map((day, i) => (
                <td key={day ?? `e${week}-${i}`} className="p-0.5">
                  {day ? (
                    <Link
                      to={link(day)}
                      preventScrollReset
                      aria-current={day === props.selected ? "date" : undefined}
                      aria-label={`${day}${day === props.today ? ", today" : ""}${marked.has(day) ? ", has entries" : ""}`}
                      className={`relative flex aspect-square items-center justify-center rounded-lg text-sm transition ${
                        day === props.selected
                          ? "bg-gold font-semibold text-night-950"
                          : day === props.today
                            ? "border border-gold/60 text-gold"
                            : "hover:bg-violet-500/15"
                      }`}
                    >
                      {Number(day.slice(8))}
                      {marked.has(day) ? (
                        <span
                          aria-hidden
                          className={`absolute bottom-1 h-1 w-1 rounded-full ${day === props.selected ? "bg-night-950" : "bg-violet-300"}`}
                        />
                      ) : null}
                    </Link>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
