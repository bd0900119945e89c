import { parseInstant } from "./dates";

/** The top of PostgreSQL's `integer` (our serial ids): a larger number makes the query fail, not miss. */
export const MAX_SERIAL = 2_147_483_647;

/**
 * A serial id from a URL or form: digits only, 1 to 2^31-1; anything else is null. `Number(x)` alone
 * lets 1e20, -1.5e308 and 0x10 through, and the database then refuses the query (a 500, not a 404).
 */
export function serialId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_SERIAL ? id : null;
}

/** The keyset cursor of console lists (`?before=<id>`); an unusable value starts from the top. */
export function beforeCursor(url: URL): number | undefined {
  return serialId(url.searchParams.get("before")) ?? undefined;
}

/**
 * The keyset cursor of a list ordered by an instant, then an id (`?before=<ISO instant>_<id>`): two rows may share an
 * instant (gifts given in person on one day), so the id breaks the tie and a page neither repeats nor skips a row.
 */
export interface InstantCursor {
  at: Date;
  id: number;
}
export const instantCursor = (at: Date, id: number) => `${at.toISOString()}_${id}`;

/** A cursor as `instantCursor` writes it; anything else is null (the list starts from the top). */
export function parseInstantCursor(value: string | null | undefined): InstantCursor | null {
  const [instant, id, ...rest] = (value ?? "").split("_");
  const at = parseInstant(instant);
  const n = serialId(id);
  return rest.length === 0 && at && n ? { at, id: n } : null;
}

/**
 * The cursor of a list ordered urgent first, then by an instant and an id (the inbox, the follow-up queue):
 * `u_<ISO instant>_<id>` for an urgent row, `n_…` for another; anything else is undefined (the top).
 */
export interface UrgentCursor extends InstantCursor {
  urgent: boolean;
}
export const urgentCursor = (urgent: boolean, at: Date, id: number) => `${urgent ? "u" : "n"}_${instantCursor(at, id)}`;
export function parseUrgentCursor(value: string | null | undefined): UrgentCursor | undefined {
  const flag = value?.slice(0, 2);
  const at = flag === "u_" || flag === "n_" ? parseInstantCursor(value?.slice(2)) : null;
  return at ? { ...at, urgent: flag === "u_" } : undefined;
}
