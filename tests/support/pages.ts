import { expect } from "vitest";
import { get } from "./accounts";
import type { TestServer } from "./server";

/**
 * Follows a paged list's plain link (`?before=`, named `label`) from `start`, as a browser without JavaScript would:
 * the ids each page shows (by `pattern`'s first group), page by page, until a page has no such link.
 */
export async function walkPages(server: TestServer, start: string, cookie: string, pattern: RegExp, label: string) {
  const pages: number[][] = [];
  const next = new RegExp(`<a[^>]*href="([^"]*(?:\\?|&amp;)before=[^"]*)"[^>]*>${label}</a>`);
  let path: string | null = start;
  while (path && pages.length < 20) {
    const res = await get(server, path, cookie);
    expect(res.status, path).toBe(200);
    const html = await res.text();
    pages.push([...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))]);
    path = html.match(next)?.[1]?.replaceAll("&amp;", "&") ?? null;
  }
  return pages;
}

/** Every page's ids together, and whether any showed twice (a page repeating a row of the one before). */
export function joined(pages: number[][]) {
  const all = pages.flat();
  return { all: new Set(all), repeated: all.length - new Set(all).size };
}
