import { describe, expect, it } from "vitest";
import { jsonText } from "./json-stream";
import { inPages, streamedResponse } from "./streamed";

async function* items<T>(list: T[]) {
  for (const item of list) yield item;
}
const text = async (value: unknown) => {
  let out = "";
  for await (const part of jsonText(value)) out += part;
  return out;
};

describe("JSON written as it is read (lib/json-stream)", () => {
  it("writes what JSON.stringify(…, null, 2) writes, reads and streamed arrays in place", async () => {
    const when = new Date("2030-01-02T03:04:05.678Z");
    const plain = {
      a: 1,
      gone: undefined,
      list: [{ at: when, words: 'a "quoted"\nline', none: null, deeper: { x: [1, [2]] } }],
      empty: [],
      nothing: {},
      last: "end",
    };
    const streamed = {
      a: () => 1,
      gone: () => undefined,
      list: () => items([{ at: when, words: 'a "quoted"\nline', none: null, deeper: { x: [1, [2]] } }]),
      empty: items([]),
      nothing: async () => ({}),
      last: "end",
    };
    expect(await text(streamed)).toBe(JSON.stringify(plain, null, 2));
    expect(await text({ outer: () => ({ inner: () => items([1, undefined, "x"]) }) })).toBe(
      JSON.stringify({ outer: { inner: [1, null, "x"] } }, null, 2),
    );
    expect(await text({ only: () => undefined })).toBe("{}");
  });

  it("reads a page only when the one before is written, and stops at one not full", async () => {
    const asked: Array<number | undefined> = [];
    const rows = inPages(2, async (last?: { n: number }) => {
      asked.push(last?.n);
      const from = (last?.n ?? 0) + 1;
      return [from, from + 1].filter((n) => n <= 5).map((n) => ({ n }));
    });
    expect((await rows.next()).value).toEqual({ n: 1 });
    expect(asked).toEqual([undefined]);
    const rest = [];
    for await (const row of rows) rest.push(row.n);
    expect(rest).toEqual([2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 2, 4]);
  });

  it("gathers small parts into chunks of about 64 KiB", async () => {
    const parts = items(Array.from({ length: 5000 }, () => "x".repeat(100)));
    const body = streamedResponse(parts, {}).body;
    if (!body) throw new Error("no body");
    const reader = body.getReader();
    const sizes: number[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) sizes.push(next.value.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(500_000);
    expect(sizes.length).toBe(8);
  });
});
