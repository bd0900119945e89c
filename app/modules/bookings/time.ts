/**
 * When sessions can be booked (DESIGN.md "Time"): slots are wall-clock times in America/New_York,
 * stored as UTC instants and shown in the visitor's own zone (the arithmetic is `~/lib/dates`).
 */
import { addDays, dayIn } from "~/lib/dates";

export const SLOT_ZONE = "America/New_York";
/** Dates up to and including this many days from today are not bookable (the spec's booking date picker rule). */
export const BOOKING_LEAD_DAYS = 3;
/** How far ahead the calendar offers dates. */
export const BOOKING_HORIZON_DAYS = 90;

/** The first and last bookable days (New York calendar) as of `now`. */
export function bookableRange(now = new Date()): { first: string; last: string } {
  const today = dayIn(now, SLOT_ZONE);
  return { first: addDays(today, BOOKING_LEAD_DAYS + 1), last: addDays(today, BOOKING_HORIZON_DAYS) };
}
