import { addDays, dayIn, isDay, SLOT_ZONE, zonedInstant } from "./time";

/** The console's bookings range: New York days from `from` (default today) for `days` (default 14, at most 92). */
export function bookingRangeFrom(url: URL, now = new Date()) {
  const fromParam = url.searchParams.get("from") ?? "";
  const from = isDay(fromParam) ? fromParam : dayIn(now, SLOT_ZONE);
  const days = Math.min(92, Math.max(1, Number(url.searchParams.get("days")) || 14));
  return {
    fromDay: from,
    days,
    start: zonedInstant(from, "00:00", SLOT_ZONE),
    end: zonedInstant(addDays(from, days), "00:00", SLOT_ZONE),
  };
}
