import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { SESSION_PAGE_SIZE, saveSession } from "../../app/modules/integration/sessions.server";
import routes from "../../app/routes";
import { integrationSessions } from "../../db/schema";
import { SCALE_PAGES } from "../../scripts/lib/scale-pages";
import { createAccount, signIn } from "../support/accounts";
import { startTestServer } from "../support/server";

/*
 * npm run bench:scale (issue 47) measures every member and console page and every download, as
 * listed in scripts/lib/scale-pages.ts; these tests keep that list whole, and check the statement
 * count it reads (X-Query-Count) is there only when asked for, on a server nobody else reaches.
 */

interface Entry {
  path?: string;
  file: string;
  index?: boolean;
  children?: Entry[];
}

/** Every route with its full path, and whether it sits in the member layout. */
function flatten(entries: Entry[], prefix = "", inMember = false): Array<{ path: string; member: boolean }> {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const member = inMember || entry.file === "routes/member/layout.tsx";
    const own = entry.children ? [] : [{ path: full, member }];
    return [...own, ...flatten(entry.children ?? [], full, member)];
  });
}

describe("the scale bench's pages", () => {
  it("lists every member and console route and every CSV or export route of app/routes.ts", () => {
    const all = flatten(routes as Entry[]);
    const wanted = all
      .filter(
        (r) => r.member || r.path === "console" || r.path.startsWith("console/") || /(\.csv|\/export)$/.test(r.path),
      )
      .map((r) => r.path);
    const listed = new Set(SCALE_PAGES.map((p) => p.route));
    const missing = wanted.filter((path) => !listed.has(path));
    expect(missing, `missing from scripts/lib/scale-pages.ts: ${missing.join(", ")}`).toEqual([]);
    // And nothing listed that the app no longer has.
    const known = new Set(all.map((r) => r.path));
    expect(SCALE_PAGES.map((p) => p.route).filter((route) => !known.has(route))).toEqual([]);
    // A page left out says why.
    for (const page of SCALE_PAGES.filter((p) => p.skip === undefined))
      expect(page.path, page.route).toBeTypeOf("function");
  });

  it("takes QUERY_COUNT_HEADER only where HOST and SITE_URL are both loopback", () => {
    const local = { HOST: "127.0.0.1", SITE_URL: "http://127.0.0.1:4123" };
    expect(parseEnv({ ...local, QUERY_COUNT_HEADER: "true" }).QUERY_COUNT_HEADER).toBe(true);
    expect(parseEnv({}).QUERY_COUNT_HEADER).toBe(false);
    expect(() => parseEnv({ QUERY_COUNT_HEADER: "true" })).toThrow(/QUERY_COUNT_HEADER=true is for benchmarks/);
    expect(() => parseEnv({ ...local, NODE_ENV: "production", HOST: "0.0.0.0", QUERY_COUNT_HEADER: "true" })).toThrow(
      /QUERY_COUNT_HEADER=true is for benchmarks/,
    );
  });

  it("says each answer's statement count in X-Query-Count when asked, and never otherwise", async () => {
    const counting = await startTestServer("pglite", {
      QUERY_COUNT_HEADER: "true",
      HOST: "127.0.0.1",
      SITE_URL: "http://127.0.0.1:4123",
    });
    try {
      const account = await createAccount(counting, "member");
      const { cookie } = await signIn(counting, account.username, account.password);
      const res = await fetch(`${counting.url}/journals`, { headers: { cookie } });
      expect(res.status).toBe(200);
      // The session, the archive's page and more: some statements, and a number.
      expect(Number(res.headers.get("x-query-count"))).toBeGreaterThan(0);
      const anonymous = await fetch(`${counting.url}/robots.txt`);
      expect(anonymous.headers.get("x-query-count")).toBe("0");
    } finally {
      await counting.close();
    }
    const plain = await startTestServer("pglite");
    try {
      const res = await fetch(`${plain.url}/journals`);
      expect(res.headers.get("x-query-count")).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe("the integration archive as the years go by (issue 47)", () => {
  it("shows a page of sessions and links to the older ones, without JavaScript", async () => {
    const server = await startTestServer("pglite");
    try {
      const account = await createAccount(server, "member");
      const input = {
        reflection: "The quiet after.",
        insights: "",
        emotions: "",
        bodyAwareness: "",
        integrationGoals: "",
        tags: [],
      };
      for (let i = 0; i < SESSION_PAGE_SIZE + 3; i++) {
        await saveSession(server.database.db, server.env, account.id, { ...input, title: `Session number ${i}` });
      }
      // Spread over days, oldest first, as years of sessions would be.
      await server.database.db.execute(sql`
        update integration_sessions s set created_at = now() - r.n * interval '1 day'
        from (select id, row_number() over (order by created_at desc, id) as n from integration_sessions where user_id = ${account.id}) r
        where s.id = r.id`);
      const rows = await server.database.db
        .select()
        .from(integrationSessions)
        .where(eq(integrationSessions.userId, account.id));
      expect(rows).toHaveLength(SESSION_PAGE_SIZE + 3);
      const { cookie } = await signIn(server, account.username, account.password);
      const first = await (await fetch(`${server.url}/integration`, { headers: { cookie } })).text();
      expect(new Set(first.match(/Session number \d+/g)).size).toBe(SESSION_PAGE_SIZE);
      const older = first.match(/href="[^"]*\?(before=[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
      expect(older).toBeDefined();
      const second = await (await fetch(`${server.url}/integration?${older}`, { headers: { cookie } })).text();
      expect(new Set(second.match(/Session number \d+/g)).size).toBe(3);
      expect(second).not.toContain("Older sessions");
    } finally {
      await server.close();
    }
  });
});
