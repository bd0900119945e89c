import { addDays, dayFilter, dayIn, zonedInstant } from "~/lib/dates";
import { SLOT_ZONE } from "./time";

/**
 * The console's bookings range: New York days from `from` (default today) for `days` (default 14,
 * at most 92). `invalid`: a `from` that is not a day (lib/days), which list and CSV answer with a 400.
 */
export function bookingRangeFrom(url: URL, now = new Date()) {
  const fromParam = dayFilter(url, "from");
  const from = fromParam.day ?? dayIn(now, SLOT_ZONE);
  const days = Math.min(92, Math.max(1, Math.trunc(Number(url.searchParams.get("days"))) || 14));
  return {
    fromDay: from,
    days,
    start: zonedInstant(from, "00:00", SLOT_ZONE),
    end: zonedInstant(addDays(from, days), "00:00", SLOT_ZONE),
    invalid: fromParam.invalid,
  };
}
