import { expect } from "vitest";

/** Answers no client should get, one line each: 500s, dropped connections, 4xx without a message. */
export async function judge(res: Response, what: string, failures: string[]): Promise<void> {
  const text = await res.text();
  if (res.status >= 500) failures.push(`${what}: ${res.status}${res.status === 599 ? ` ${text}` : ""}`);
  // 404 and 410 speak for themselves; 413, 414 and 431 come from the HTTP layer before the app.
  else if (res.status >= 400 && ![404, 410, 413, 414, 431].includes(res.status) && text.trim() === "") {
    failures.push(`${what}: ${res.status} with an empty body (no message)`);
  }
}

/**
 * Server errors this suite found and reported, not yet fixed (tests/security/README.md). Each is
 * matched by the lines it produces. A sweep fails on any other failure (a new bug) and on a known
 * bug that no longer shows (fixed: delete its entry so it cannot come back unnoticed).
 */
export interface KnownBug {
  id: string;
  summary: string;
  matches: RegExp;
}

export function expectOnlyKnownBugs(failures: string[], known: KnownBug[]): void {
  const unexpected = failures.filter((line) => !known.some((bug) => bug.matches.test(line)));
  expect(unexpected, `new failures:\n${unexpected.join("\n")}`).toEqual([]);
  const fixed = known.filter((bug) => !failures.some((line) => bug.matches.test(line))).map((bug) => bug.id);
  expect(fixed, "known bugs that no longer show: remove them from the known list").toEqual([]);
}

/**
 * The bugs found and not yet fixed, numbered as in tests/security/README.md. Empty now: all found
 * so far are fixed. A new finding goes here with its number.
 */
export const KNOWN_BUGS: Record<string, KnownBug> = {};

type Reader = "get" | "has" | "getAll";

/**
 * The query parameter names read through URLSearchParams (get, has, getAll) while `fn` runs. The
 * app under test runs in this process, so its loaders' and pages' reads are seen; a read of
 * every parameter at once (iterating them) is not, and no page of ours does that.
 */
export async function queryParamsRead(fn: () => Promise<void>): Promise<Set<string>> {
  const proto = URLSearchParams.prototype as unknown as Record<
    Reader,
    (this: URLSearchParams, name: string) => unknown
  >;
  const originals = { get: proto.get, has: proto.has, getAll: proto.getAll };
  const names = new Set<string>();
  for (const reader of Object.keys(originals) as Reader[]) {
    const original = originals[reader];
    proto[reader] = function (this: URLSearchParams, name: string, ...rest: unknown[]) {
      names.add(name);
      return (original as (...args: unknown[]) => unknown).call(this, name, ...rest);
    };
  }
  try {
    await fn();
  } finally {
    Object.assign(proto, originals);
  }
  return names;
}
