import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { formatDayFull, formatMonth, monthDays, shiftMonth } from "~/lib/dates";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * A month of day buttons for the booking dialog. Days are New York calendar days from the
 * server; those before `first`, after `last` or closed by the keepers cannot be chosen.
 */
export function DatePicker(props: {
  first: string;
  last: string;
  blocked: ReadonlyArray<string>;
  selected: string | null;
  onSelect: (day: string) => void;
}) {
  const [month, setMonth] = useState((props.selected ?? props.first).slice(0, 7));
  const { leading, days } = monthDays(month);
  const cells = [...Array.from({ length: leading }, () => null), ...days];
  const blocked = new Set(props.blocked);
  const title = formatMonth(month);
  return (
    <div>
      <div className="flex items-center justify-between">
        <button
          type="button"
          className="rounded-full p-2 hover:bg-violet-500/10 disabled:opacity-30"
          aria-label="Previous month"
          disabled={month <= props.first.slice(0, 7)}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </button>
        <p className="font-semibold" aria-live="polite">
          {title}
        </p>
        <button
          type="button"
          className="rounded-full p-2 hover:bg-violet-500/10 disabled:opacity-30"
          aria-label="Next month"
          disabled={month >= props.last.slice(0, 7)}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div className="mt-3 grid grid-cols-7 gap-1 text-center text-xs text-mist-muted" aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1">
        {cells.map((day, i) =>
          day ? (
            <button
              key={day}
              type="button"
              data-day={day}
              disabled={day < props.first || day > props.last || blocked.has(day)}
              aria-pressed={props.selected === day}
              aria-label={formatDayFull(day)}
              onClick={() => props.onSelect(day)}
              className="aspect-square rounded-lg text-sm hover:bg-violet-500/15 disabled:cursor-not-allowed disabled:text-mist-muted/40 disabled:hover:bg-transparent aria-pressed:bg-gold aria-pressed:font-semibold aria-pressed:text-night-950"
            >
              {Number(day.slice(8))}
            </button>
          ) : (
            <span key={`blank-${i}`} />
          ),
        )}
      </div>
    </div>
  );
}
