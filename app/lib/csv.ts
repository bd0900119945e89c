/*
 * CSV downloads as spreadsheets read them: RFC 4180 (CRLF line ends, quotes doubled), UTF-8 with a
 * byte-order mark (without it Excel on Windows reads "Zoë" as "ZoÃ«"), and cells a spreadsheet
 * would run as a formula made inert.
 */

import { streamedResponse } from "./streamed";

/** A phone number or a signed amount: starts with + or - but is no formula, so it is kept as typed. */
const NUMBER_LIKE = /^[+-]?[\d\s().-]+$/;

/** One CSV cell. "=...", "@...", "+..."/"-..." (unless a plain number) are prefixed with ' (OWASP CSV injection). */
export function csvCell(value: string): string {
  const formula = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !NUMBER_LIKE.test(value));
  const safe = formula ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, with its CRLF. */
export const csvRow = (cells: ReadonlyArray<string>) => `${cells.map(csvCell).join(",")}\r\n`;

/** A streamed CSV download of `rows` (the header first; private, never cached): lib/streamed.ts. */
export function csvResponse(rows: AsyncIterator<ReadonlyArray<string>>, filename: string): Response {
  async function* text() {
    yield "\uFEFF";
    for (let next = await rows.next(); !next.done; next = await rows.next()) yield csvRow(next.value);
  }
  return streamedResponse(text(), {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}-${new Date().toISOString().slice(0, 10)}.csv"`,
    "Cache-Control": "private, no-store",
  });
}

/** A CSV download refused for its filter: 400 with the message as plain text (the page shows the same one). */
export function csvRefused(message: string): Response {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
