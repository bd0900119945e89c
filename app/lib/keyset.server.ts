import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/*
 * Keyset cursors for reads in pages (issue 47, lib/streamed.ts `inPages`). A timestamp's cursor is
 * its text as the database holds it: a JS Date keeps milliseconds, the column microseconds, and a
 * cursor rounded to the millisecond would skip the rows written within the same one.
 */

/** The column's instant to the microsecond, as text: a cursor that compares exactly. */
export const exactTime = (column: AnyColumn) => sql<string>`${column}::text`;

/**
 * The rows after `cursor` in the order (time, id), both descending ("desc", newest first) or both
 * ascending: one row comparison, which an index on (…, time, id) answers by a range.
 */
export function pastCursor(
  time: AnyColumn,
  id: AnyColumn,
  cursor: { at: string; id: string | number } | undefined,
  order: "asc" | "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  return order === "desc"
    ? sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`
    : sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`;
}
