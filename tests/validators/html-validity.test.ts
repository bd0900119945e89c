import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULES } from "../security/access-rules";
import { as, buildWorld, clearLimits, type Role, type World } from "../security/fixtures";
import { type AppRoute, appRoutes } from "../security/route-list";
import { startLoggedServer } from "../support/logged-server";

/**
 * Issue 16: the server-rendered HTML of every page passes the W3C Nu Html Checker (vnu.jar) with no
 * error. The pages come from the access matrix's rules (tests/security/access-rules.ts), which
 * classify every route of app/routes.ts, so a new route is checked as soon as it is classified there:
 * each route as the first role that may see it (visitor, then member, keeper, admin) with its
 * params filled from real records, member pages also empty (member B has no records), each form's
 * invalid POST re-rendered without JavaScript, and the 404 and 403 pages that loaders throw.
 * Everything is written to a temporary folder and checked in one Java run.
 */
const VIEWERS: Role[] = ["visitor", "memberA", "keeper", "admin"];

interface Page {
  /** What the failure output names: method, path and role. */
  label: string;
  role: Role;
  method: "GET" | "POST";
  path: string;
  body?: Record<string, string>;
  /** The status the page must answer with (a page that answers otherwise is not the page meant). */
  status: number;
}

/** The pages to check, from the rules: each route's GET and its form's invalid POST. */
function pagesOf(routes: AppRoute[], ids: World["ids"]): Page[] {
  const pages: Page[] = [];
  for (const { pattern } of routes) {
    const rule = RULES[pattern];
    if (!rule) throw new Error(`${pattern} has no rule in tests/security/access-rules.ts`);
    const target = rule.at ? rule.at(ids) : pattern;
    // The first role the page is open to; else (an error page for everyone) the first answer given.
    const viewer =
      VIEWERS.find((role) => rule.get[role] === 200) ?? VIEWERS.find((role) => typeof rule.get[role] === "number");
    if (viewer) {
      const status = rule.get[viewer] as number;
      pages.push({ label: `GET ${target} as ${viewer}`, role: viewer, method: "GET", path: target, status });
      // A member page also as a member with no records of their own (its empty states).
      if (viewer === "memberA" && rule.get.memberB === status) {
        pages.push({ label: `GET ${target} as memberB`, role: "memberB", method: "GET", path: target, status });
      }
    }
    const post = rule.post;
    const poster = post && !post.fresh ? VIEWERS.find((role) => post.expect[role] === 400) : undefined;
    if (post && poster) {
      pages.push({
        label: `POST ${target} (invalid) as ${poster}`,
        role: poster,
        method: "POST",
        path: target,
        body: post.body,
        status: 400,
      });
    }
  }
  // Views a page shows for its query (a quiz, an empty search, an edit form, a sent notice), as a
  // link or a form without JavaScript reaches them.
  const view = (role: Role, target: string): Page => ({
    label: `GET ${target} as ${role}`,
    role,
    method: "GET",
    path: target,
    status: 200,
  });
  pages.push(
    view("visitor", "/magic?q=nothing-matches-this&category=history"),
    view("visitor", "/start-your-journey?quiz"),
    view("visitor", "/contact?done=sent"),
    view("visitor", "/request-access?done=received"),
    view("visitor", "/heroic-application?done=submitted"),
    view("visitor", "/forgot-password?done=sent"),
    view("visitor", "/donation?payment=cancelled"),
    view("visitor", "/bookings?offer=preparation"),
    view("visitor", "/bookings?offer=microdose"),
    view("visitor", "/booking-confirmed?kind=requested"),
    ...["basic", "medical", "clothing", "dietary"].map((form) => view("memberA", `/profile?edit=${form}`)),
    view("memberA", `/journals/${ids.journalEntry}?edit=1`),
    view("memberA", "/journals?q=ritual"),
    // January 2025 starts on a Wednesday and ends on a Friday: short first and last weeks.
    view("memberA", "/calendar?date=2025-01-15&range=90"),
    view("memberA", "/spirit-companion?insights=conversation"),
    ...["voice", "facilitated", "ai-enhanced"].map((mode) => view("memberA", `/integration?mode=${mode}`)),
    // A conversation after a message that spoke of danger: the crisis lines above it.
    view("memberA", `/integration/shares/${ids.share}?done=sent-care`),
    view("memberA", `/follow-ups/${ids.followUp}?done=answered-care`),
    view("memberA", `/circles/${ids.circle}?done=joined`),
    view("keeper", `/console/members/${ids.memberA}?record=open`),
    view("keeper", "/console/inbox?show=handled"),
    view("keeper", "/console/shares?show=all"),
  );
  const missing = "00000000-0000-4000-8000-000000000000";
  const notFound = (role: Role, target: string): Page => ({
    label: `GET ${target} as ${role} (not found)`,
    role,
    method: "GET",
    path: target,
    status: 404,
  });
  pages.push(
    notFound("visitor", "/magic/no-such-article"),
    notFound("visitor", "/no/such/page"),
    notFound("memberA", `/journals/${missing}`),
    notFound("memberA", `/integration/sessions/${missing}`),
    notFound("keeper", `/console/applications/${missing}`),
    notFound("keeper", "/console/requests/999999"),
    notFound("keeper", "/console/no-such-page"),
    { label: "GET /console as memberA (forbidden)", role: "memberA", method: "GET", path: "/console", status: 403 },
  );
  return pages;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** Runs the Nu Html Checker once over every file; returns its error messages. */
function validate(files: string[]): VnuMessage[] {
  const jar = String(createRequire(import.meta.url)("vnu-jar"));
  const run = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`could not run java (the Nu Html Checker needs Java 11+): ${run.error.message}`);
  const out = run.stdout.trim();
  if (!out.startsWith("{")) throw new Error(`the Nu Html Checker gave no report (exit ${run.status}): ${run.stderr}`);
  const { messages } = JSON.parse(out) as { messages: VnuMessage[] };
  // "non-document-error": a file the checker could not read or parse, which must fail too.
  return messages.filter((m) => m.type === "error" || m.type === "non-document-error");
}

interface Fetched {
  page: Page;
  status: number;
  html: string;
}

describe("the HTML of every page [pglite]", () => {
  let world: World;
  let dir: string;
  /** Every HTML answer, by the file it is written to. */
  const fetched = new Map<string, Fetched>();
  const wrongStatus: string[] = [];
  let sitemap = "";
  beforeAll(async () => {
    const routes = await appRoutes();
    world = await buildWorld(await startLoggedServer("pglite", { PAYMENT_PROVIDER: "test", CEREMONIES: "open" }));
    dir = mkdtempSync(path.join(tmpdir(), "html-validity-"));
    const pages = pagesOf(routes, world.ids);
    // GETs first: a POST may change what a later page shows (an unsubscribe, a used link).
    for (const page of [...pages.filter((p) => p.method === "GET"), ...pages.filter((p) => p.method === "POST")]) {
      await clearLimits(world.server);
      const body = page.body ? new URLSearchParams(page.body) : undefined;
      const res = await as(world, page.role, page.method, page.path, body);
      if (res.status !== page.status) wrongStatus.push(`${page.label}: ${res.status}, want ${page.status}`);
      // Feeds, CSV, PDF, JSON and redirects are not HTML pages.
      if (!res.headers.get("content-type")?.startsWith("text/html")) continue;
      const file = path.join(dir, `${String(fetched.size).padStart(3, "0")}.html`);
      const html = await res.text();
      writeFileSync(file, html);
      fetched.set(file, { page, status: res.status, html });
    }
    sitemap = await (await fetch(`${world.server.url}/sitemap.xml`)).text();
    if (process.env.HTML_VALIDITY_KEEP) {
      const index = Object.fromEntries([...fetched].map(([file, { page }]) => [path.basename(file), page.label]));
      writeFileSync(path.join(dir, "index.json"), JSON.stringify(index, null, 1));
    }
  });
  afterAll(async () => {
    await world?.server.close();
    // HTML_VALIDITY_KEEP=1 keeps the pages to look at (the folder is printed).
    if (process.env.HTML_VALIDITY_KEEP) console.info(`pages kept in ${dir} (index.json names them)`);
    else if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("are the pages the access matrix describes", () => {
    expect(wrongStatus, "pages that did not answer as the access matrix says").toEqual([]);
    expect(fetched.size, "HTML pages fetched").toBeGreaterThan(100);
  });

  it("pass the W3C Nu Html Checker with no error", () => {
    const errors = validate([...fetched.keys()]);
    // One line per kind of error and page (the same error repeats in every row of a table).
    const grouped = new Map<string, { count: number; first: VnuMessage }>();
    for (const m of errors) {
      const file = m.url ? path.resolve(new URL(m.url).pathname) : "";
      const key = `${m.message}\n    on ${fetched.get(file)?.page.label ?? (file || "(no file)")}`;
      const seen = grouped.get(key);
      if (seen) seen.count++;
      else grouped.set(key, { count: 1, first: m });
    }
    const report = [...grouped].map(([key, { count, first }]) => {
      const extract = (first.extract ?? "").replace(/\s+/g, " ").trim();
      const times = count > 1 ? `${count} times, first ` : "";
      return `${key} (${times}at line ${first.lastLine}, column ${first.firstColumn}): ${extract}`;
    });
    expect(report, `${errors.length} Nu Html Checker errors in ${fetched.size} pages`).toEqual([]);
  });

  it("say noindex unless the sitemap lists them (or name a listed page as canonical)", () => {
    const listed = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname));
    const wrong: string[] = [];
    for (const { page, status, html } of fetched.values()) {
      // Search engines GET; a query names a view of a page whose canonical address has none.
      if (page.method !== "GET" || page.path.includes("?")) continue;
      const noindex = /<meta name="robots" content="noindex"\s*\/?>/.test(html);
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      const canonicalPath = canonical ? new URL(canonical).pathname : null;
      const findable = page.role === "visitor" && status === 200;
      if (findable && listed.has(page.path)) {
        if (noindex) wrong.push(`${page.label}: in the sitemap, but says noindex`);
      } else if (!noindex && !(findable && canonicalPath !== page.path && listed.has(canonicalPath ?? ""))) {
        wrong.push(`${page.label}: not in the sitemap, but may be indexed (add noindex, or list it)`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
