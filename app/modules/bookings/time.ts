/**
 * Slot time arithmetic (DESIGN.md "Time"): slots are wall-clock times in America/New_York,
 * stored as UTC instants and shown in the visitor's own zone. No date library: Intl knows the
 * zones and their daylight-saving rules.
 */

export const SLOT_ZONE = "America/New_York";
/** Dates up to and including this many days from today are not bookable (SPEC.md 5). */
export const BOOKING_LEAD_DAYS = 3;
/** How far ahead the calendar offers dates. */
export const BOOKING_HORIZON_DAYS = 90;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day ("YYYY-MM-DD") of `instant` in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** `zone`'s offset from UTC at `instant`, in minutes (New York: -300 in winter, -240 in summer). */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant of wall-clock `time` ("HH:MM") on `day` in `zone`. */
export function zonedInstant(day: string, time: string, zone: string): Date {
  const [, y, m, d] = DAY.exec(day) ?? [];
  const [hh, mm] = time.split(":").map(Number);
  const guess = Date.UTC(Number(y), Number(m) - 1, Number(d), hh, mm);
  // Twice: the first guess's offset may be on the other side of a daylight-saving change.
  const first = guess - offsetMinutes(new Date(guess), zone) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), zone) * 60_000);
}

export function addDays(day: string, days: number): string {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days)).toISOString().slice(0, 10);
}

/** The first and last bookable days (New York calendar) as of `now`. */
export function bookableRange(now = new Date()): { first: string; last: string } {
  const today = dayIn(now, SLOT_ZONE);
  return { first: addDays(today, BOOKING_LEAD_DAYS + 1), last: addDays(today, BOOKING_HORIZON_DAYS) };
}

/** "Tue, Nov 24, 2026, 10:00 AM EST" in the reader's zone, with the zone named. */
export function formatSlot(instant: Date | string, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  }).format(new Date(instant));
}

export function formatTime(instant: Date | string, zone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: zone }).format(
    new Date(instant),
  );
}

/** `zone` if it names a time zone this runtime knows (an IANA name or alias), else null. */
export function knownZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
