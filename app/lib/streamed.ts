/*
 * Downloads that stream (issue 47): the body is written as it is read, a page of rows at a time, so
 * what the process holds is one page and one chunk, never the whole export. The CSV exports
 * (lib/csv.ts) and the member's data export (lib/json-stream.ts) write through these.
 */

/** What a chunk gathers before it is handed on: fewer, larger writes than one per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A streamed answer of `parts` (text, in order): pulled, so a slow reader holds back the reading
 * (the next page is read only when the last chunk went); gathered into chunks of about 64 KiB.
 */
export function streamedResponse(parts: AsyncIterator<string>, headers: HeadersInit): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      for (;;) {
        const next = await parts.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
        if (chunk.length >= CHUNK_CHARS) {
          controller.enqueue(encoder.encode(chunk));
          return;
        }
      }
    },
    async cancel() {
      await parts.return?.();
    },
  });
  return new Response(body, { headers });
}

/**
 * Every row of a keyset-paged read, in order: `page(last)` reads at most `size` rows after `last`
 * (the previous page's last row; undefined for the first). One statement (or a few) a page, never
 * one a row; it stops at a page that is not full.
 */
export async function* inPages<T>(size: number, page: (last: T | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let last: T | undefined;
  for (;;) {
    const rows = await page(last);
    yield* rows;
    if (rows.length < size) return;
    last = rows.at(-1);
  }
}

/** The rows a download reads at a time (the CSV exports and the member's data export). */
export const EXPORT_PAGE_SIZE = 500;
