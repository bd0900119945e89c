/**
 * Days, instants and how they are printed (DESIGN.md "Time"). Browser-safe: server and browser
 * format with the same functions, so the first draw in the browser matches the server's HTML.
 * No date library: Intl knows the zones and their daylight-saving rules.
 *
 * A day is a calendar day as text, "YYYY-MM-DD"; a month is "YYYY-MM". `Date` is too lenient to
 * check days read from URLs and forms: it rolls 2026-02-31 over into March, takes "1" for 2001 and
 * reads years PostgreSQL refuses (year 0, five digits), which then failed the query with a 500.
 * Years outside 1900..9999 are refused too.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
const FIRST_YEAR = 1900;
// A day is read and printed at its noon in UTC, so every zone prints the same day.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

const formatters = new Map<string, Intl.DateTimeFormat>();
// Zones come from people (a booking's zone is any spelling Intl accepts): a bound keeps odd
// spellings from growing the cache without end.
const MOST_FORMATTERS = 1000;

/**
 * One Intl.DateTimeFormat per locale, options and zone, made once: making one costs far more than
 * using it (a journal page of 30 entries spent a tenth of its server CPU making them; issue 17).
 */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    if (formatters.size >= MOST_FORMATTERS) formatters.clear();
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** What a day filter says when its value is not a day. */
export const DAY_INVALID = "Please choose a valid date.";

/** Whether `value` is a calendar day that exists, "YYYY-MM-DD", in the years 1900 to 9999. */
export function isDay(value: string): boolean {
  const [, y, m, d] = DAY.exec(value) ?? [];
  const year = Number(y);
  const month = Number(m) - 1;
  const date = new Date(Date.UTC(year, month, Number(d)));
  return year >= FIRST_YEAR && date.getUTCMonth() === month && date.getUTCDate() === Number(d);
}

/** An instant as `toISOString()` writes it (a list's keyset cursor) in the same years; anything else is null. */
export function parseInstant(value: string | null | undefined): Date | null {
  const match = INSTANT.exec(value ?? "");
  return match?.[1] && isDay(match[1]) ? new Date(value as string) : null;
}

/**
 * A day filter of a console list (`?from=`): absent, a day, or invalid. An invalid one is the
 * person's typing, so the page answers 400 with DAY_INVALID instead of guessing what was meant.
 */
export function dayFilter(url: URL, name: string): { day?: string; invalid: boolean } {
  const value = url.searchParams.get(name) ?? "";
  if (value === "") return { invalid: false };
  return isDay(value) ? { day: value, invalid: false } : { invalid: true };
}

/** The calendar day of `instant` in `zone` (a member's today, New York's today for bookings). */
export function dayIn(instant: Date, zone: string): string {
  return dateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** "18:30": the wall-clock time of `instant` in `zone`, as a time field takes it. */
export function clockIn(instant: Date, zone: string): string {
  return dateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    instant,
  );
}

/** The day `days` after `day` (before, when negative): calendar arithmetic, no zone involved. */
export function addDays(day: string, days: number): string {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days)).toISOString().slice(0, 10);
}

/** The month `by` months after `month`. */
export function shiftMonth(month: string, by: number): string {
  const d = noon(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}

/** A month's days in order, and how many weekdays (Sunday first) come before its 1st. */
export function monthDays(month: string): { leading: number; days: string[] } {
  const first = noon(`${month}-01`);
  const count = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    leading: first.getUTCDay(),
    days: Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  };
}

/** `zone`'s offset from UTC at `instant`, in minutes (New York: -300 in winter, -240 in summer). */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = Object.fromEntries(
    dateTimeFormat("en-US", {
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

/** `zone` if it names a time zone this runtime knows (an IANA name or alias), else null. */
export function knownZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    // Made afresh, not through the cache: this checks what a person typed.
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** The visitor's zone, as the browser knows it. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The hour (0-23) at `date` in an IANA time zone. */
export function hourIn(timeZone: string, date = new Date()): number {
  const hour = dateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(date);
  return Number(hour) % 24;
}

/** SPEC.md "Dashboard": Good Morning before 12:00, Good Afternoon before 17:00, otherwise Good Evening. */
export function greetingFor(hour: number): string {
  if (hour < 12) return "Good Morning";
  if (hour < 17) return "Good Afternoon";
  return "Good Evening";
}

/** A wait in words, for a message that says how long: "1 minute", "25 minutes", "3 hours" (rounded up). */
export function formatWait(totalSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(totalSeconds / 60));
  if (minutes === 1) return "1 minute";
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** Seconds as m:ss (SPEC.md: the audio player's elapsed and total). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

const format = (options: Intl.DateTimeFormatOptions, instant: Date | string) =>
  dateTimeFormat("en-US", options).format(new Date(instant));

/** "Nov 24, 2026, 10:00 AM EST": a date and time as the member reads it, in their zone, with the zone named. */
export const formatDateTime = (instant: Date | string, timeZone: string) =>
  format(
    {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    },
    instant,
  );

/** "November 22, 2026": a calendar date in `timeZone` (UTC for receipts, statements and articles). */
export const formatDate = (instant: Date | string, timeZone: string) =>
  format({ year: "numeric", month: "long", day: "numeric", timeZone }, instant);

/** "Tue, Nov 24, 2026, 10:00 AM EST": a session's time in the reader's zone, with the zone named. */
export const formatSlot = (instant: Date | string, timeZone: string) =>
  format(
    {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    },
    instant,
  );

/** "10:00 AM" in `timeZone`. */
export const formatTime = (instant: Date | string, timeZone: string) =>
  format({ hour: "numeric", minute: "2-digit", timeZone }, instant);

/** "Tue": the weekday of `instant` in `timeZone`. */
export const formatWeekday = (instant: Date | string, timeZone: string) =>
  format({ weekday: "short", timeZone }, instant);

/** "Eastern Standard Time": `timeZone`'s long name at `instant`. */
export const zoneName = (timeZone: string, instant = new Date()) =>
  dateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName")?.value;

/** "July 22, 2025": a day as a date line (an article's, the legal text's). */
export const formatDay = (day: string) => formatDate(noon(day), "UTC");

/** "November 2026". */
export const formatMonth = (month: string) =>
  format({ month: "long", year: "numeric", timeZone: "UTC" }, noon(`${month}-01`));

/** "Tue, Nov 24": a day in a list of days to choose from. */
export const formatDayShort = (day: string) =>
  format({ weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }, noon(day));

/** "Tuesday, November 24": a day as a heading. */
export const formatDayLong = (day: string) =>
  format({ weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }, noon(day));

/** "Tuesday, November 24, 2026": a day named in full (a day button's label). */
export const formatDayFull = (day: string) => format({ dateStyle: "full", timeZone: "UTC" }, noon(day));
