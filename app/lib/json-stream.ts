/*
 * A JSON document written as it is read (issue 47): the text is exactly JSON.stringify(value, null, 2)
 * of the whole, but a field may be a read still to be made (a function, called when its turn comes)
 * and an array may be an async iterable (a keyset-paged read, lib/streamed.ts `inPages`), written
 * item by item. Only what one item holds is in memory; lib/streamed.ts `streamedResponse` sends it.
 */

/** A field's value, or the read that gives it, made when the writer reaches it. */
export type Lazy<T> = T | (() => Promise<T> | T);

const isStreamed = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** An object whose fields are written one by one: a plain one holding a read or a streamed array. */
const isDeferred = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.values(value).some((field) => typeof field === "function" || isStreamed(field));

/** One value at `indent`, as the whole document's JSON.stringify(…, null, 2) would write it there. */
export async function* jsonText(value: unknown, indent = ""): AsyncGenerator<string> {
  const inner = `${indent}  `;
  if (isStreamed(value)) {
    let first = true;
    for await (const item of value) {
      yield `${first ? "[" : ","}\n${inner}`;
      first = false;
      // An array writes undefined (and a function) as null, as JSON.stringify does.
      yield* jsonText(item === undefined || typeof item === "function" ? null : item, inner);
    }
    yield first ? "[]" : `\n${indent}]`;
    return;
  }
  if (isDeferred(value)) {
    let first = true;
    for (const [key, field] of Object.entries(value)) {
      const resolved = typeof field === "function" ? await field() : field;
      if (resolved === undefined) continue; // left out, as JSON.stringify leaves it out
      yield `${first ? "{" : ","}\n${inner}${JSON.stringify(key)}: `;
      first = false;
      yield* jsonText(resolved, inner);
    }
    yield first ? "{}" : `\n${indent}}`;
    return;
  }
  // Newlines in JSON text are only its own layout (a string's are escaped): each line moves in.
  yield (JSON.stringify(value, null, 2) ?? "null").replaceAll("\n", `\n${indent}`);
}
