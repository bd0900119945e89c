// Sums the gzipped JavaScript each page loads (the entry, then every route module from the root
// through its layouts down to the page, with their imports) from the build's manifest, and fails
// when a page is over its budget.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

/**
 * 131 since 2026-11-29 (it was 130): issue 48 put a focus rule in the forms' shared hook (every page with a form) and
 * a signed-in member's details on /donation, which brought the two giving pages to 130.4 and 130.5 KiB
 * (docs/measurements.md).
 */
const PUBLIC_BUDGET_KIB = 131;
const MEMBER_BUDGET_KIB = 250;
/**
 * Route ids of pages only a signed-in person sees (larger budget): the member and staff areas, and the two-factor
 * page at its two addresses, where a session proves itself (ids `console-two-factor`, `profile-two-factor`).
 */
const MEMBER_ROUTE = /^(routes\/(member|console)\/|(console|profile)-two-factor$)/;

const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const clientDir = path.resolve("build/client");
const gz = new Map<string, number>();
const sizeOf = (url: string) => {
  if (!gz.has(url)) gz.set(url, gzipSync(fs.readFileSync(path.join(clientDir, url))).length);
  return gz.get(url) ?? 0;
};

// The route manifest file is not counted: with lazy route discovery (React Router's default)
// the page carries only its matched routes inline and the browser never fetches the file.
const { entry, routes } = build.assets;
let failed = false;
const rows: string[] = [];
/** A layout is the parent of another route; it is counted with each page under it, not alone. */
const layouts = new Set(Object.values(routes).map((r) => r?.parentId));
/** The route and every route above it: what the browser loads to show it. */
const chain = (id: string | undefined): NonNullable<(typeof routes)[string]>[] => {
  const route = id ? routes[id] : undefined;
  return route ? [...chain(route.parentId), route] : [];
};
for (const [id, route] of Object.entries(routes)) {
  if (!route || layouts.has(id)) continue;
  const files = new Set<string>([entry.module, ...entry.imports]);
  for (const r of chain(id)) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  const kib = [...files].reduce((sum, f) => sum + sizeOf(f), 0) / 1024;
  const budget = MEMBER_ROUTE.test(id) ? MEMBER_BUDGET_KIB : PUBLIC_BUDGET_KIB;
  const ok = kib <= budget;
  failed ||= !ok;
  rows.push(`${ok ? "ok  " : "OVER"} ${kib.toFixed(1).padStart(6)} KiB / ${budget} KiB  ${id}`);
}
process.stdout.write(`JavaScript per page (gzipped):\n${rows.join("\n")}\n`);
if (failed) {
  process.stderr.write("A page is over its JavaScript budget.\n");
  process.exit(1);
}
