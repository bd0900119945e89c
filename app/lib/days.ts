/**
 * Days and instants read from URLs and forms. `Date` is too lenient to check them: it rolls
 * 2026-02-31 over into March, takes "1" for 2001 and reads years PostgreSQL refuses (year 0,
 * five digits), which then failed the query with a 500. Years outside 1900..9999 are refused too.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
const FIRST_YEAR = 1900;

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
