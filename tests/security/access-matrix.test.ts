import { afterAll, beforeAll, expect, it } from "vitest";
import { signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { expectNoSecretsInLogs, rememberCookie, startLoggedServer } from "../support/logged-server";
import { type Expect, RULES, type Rule } from "./access-rules";
import { as, buildWorld, clearLimits, ROLES, type Role, SENSITIVE, type World } from "./fixtures";
import { type AppRoute, appRoutes } from "./route-list";

/**
 * DESIGN.md "Roles": every loader and action checks its permission on the server, every record read
 * checks ownership. The rules (one per route path of app/routes.ts) are in access-rules.ts; a route
 * without a rule fails the test, so a new route has to be classified there before it ships.
 */

/** Whether an answer is what the rule expects; else a line saying what came instead. */
function mismatch(res: Response, want: Expect, target: string, what: string): string | null {
  const location = res.headers.get("location");
  const got = location ? `${res.status} ${location}` : String(res.status);
  const expected =
    want === "signin" ? `302 /sacred-access?redirectTo=${encodeURIComponent(target.split("?")[0] ?? "")}` : want;
  const ok = typeof expected === "number" ? res.status === expected : got === expected;
  return ok ? null : `${what}: ${got}, want ${expected}`;
}

describeEachBackend("the access matrix", (backend) => {
  let world: World;
  let routes: AppRoute[];
  beforeAll(async () => {
    routes = await appRoutes();
    world = await buildWorld(await startLoggedServer(backend, { PAYMENT_PROVIDER: "test", CEREMONIES: "open" }));
  });
  afterAll(() => world?.server.close());

  it("has exactly one rule per route path, a POST rule exactly where the route has an action", () => {
    const patterns = routes.map((r) => r.pattern);
    expect(
      patterns.filter((p) => !RULES[p]),
      "routes without a rule: classify them in RULES",
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((p) => !patterns.includes(p)),
      "rules for routes that no longer exist",
    ).toEqual([]);
    for (const { pattern, hasAction } of routes) {
      expect(Boolean(RULES[pattern]?.post), `${pattern}: POST rule iff action`).toBe(hasAction);
      if (pattern.includes(":") || pattern.includes("*"))
        expect(RULES[pattern]?.at, `${pattern} needs at`).toBeDefined();
    }
  });

  it("answers every GET as the matrix says, for every role", async () => {
    const wrong: string[] = [];
    for (const { pattern } of routes) {
      const rule = RULES[pattern] as Rule;
      const target = rule.at ? rule.at(world.ids) : pattern;
      for (const role of ROLES) {
        const res = await as(world, role, "GET", target);
        const line = mismatch(res, rule.get[role], target, `GET ${pattern} as ${role}`);
        if (line) wrong.push(line);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers every POST as the matrix says, for every role", async () => {
    const wrong: string[] = [];
    for (const { pattern } of routes) {
      const rule = RULES[pattern] as Rule;
      if (!rule.post) continue;
      const target = rule.at ? rule.at(world.ids) : pattern;
      for (const role of ROLES) {
        await clearLimits(world.server);
        const saved = world.cookies[role];
        if (rule.post.fresh && role !== "visitor") world.cookies[role] = await freshSession(world, role);
        const res = await as(world, role, "POST", target, new URLSearchParams(rule.post.body));
        world.cookies[role] = saved;
        const line = mismatch(res, rule.post.expect[role], target, `POST ${pattern} as ${role}`);
        if (line) wrong.push(line);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps member A's records out of reach of member B, also through ids in form fields", async () => {
    const { ids, server } = world;
    const { journalEntry, integrationSession } = ids;
    const deleteByB = await as(world, "memberB", "POST", `/journals/${journalEntry}`, body({ intent: "delete" }));
    expect(deleteByB.status).toBe(404);
    const overwrite = body({ title: "Overwritten by B", content: "Words that are not A's own.", intensity: "1" });
    expect((await as(world, "memberB", "POST", `/journals/${journalEntry}`, overwrite)).status).toBe(404);
    const attach = body({
      intent: "attach-vision",
      prompt: "a heron",
      seed: "a heron1",
      sessionId: integrationSession,
    });
    expect((await as(world, "memberB", "POST", "/integration", attach)).status).toBe(404);
    // B names A's companion reply to save as B's insight: not found, nothing saved.
    const keep = body({ intent: "keep-message", messageId: String(ids.companionReply) });
    expect((await as(world, "memberB", "POST", "/spirit-companion", keep)).status).toBe(404);
    const kept = await as(world, "memberB", "GET", "/spirit-companion?insights=conversation");
    expect(await kept.text()).toContain("No conversation insights yet.");
    // B names A's current session as one of "B's other sessions" to end: A stays signed in.
    const sessionRows = await server.database.db.query.sessions.findMany();
    for (const row of sessionRows.filter((s) => s.userId === world.accounts.memberA.id)) {
      await as(world, "memberB", "POST", "/profile", body({ intent: "end-session", sessionId: row.id }));
    }
    expect((await as(world, "memberA", "GET", "/dashboard")).status).toBe(200);
    const entry = await (await as(world, "memberA", "GET", `/journals/${journalEntry}`)).text();
    expect(entry).toContain(SENSITIVE.journalTitle);
    expect(entry).not.toContain("Overwritten by B");
    const own = await as(world, "memberA", "GET", `/journals/${journalEntry}.data`);
    expect(await own.text(), "the owner's .data answer holds the text (so the checks below can fail)").toContain(
      SENSITIVE.journalContent,
    );
    // React Router's data requests run the same loaders: nothing of A's leaks through them either.
    for (const role of ["visitor", "memberB", "keeper"] as const) {
      const data = await as(world, role, "GET", `/journals/${journalEntry}.data`);
      expect(await data.text(), `${role} via .data`).not.toContain(SENSITIVE.journalContent);
      const session = await as(world, role, "GET", `/integration/sessions/${integrationSession}.data`);
      expect(await session.text(), `${role} via .data`).not.toContain(SENSITIVE.reflection);
    }
  });

  it("logs no password, token, cookie, card number or sensitive text", () => expectNoSecretsInLogs());
});

const body = (fields: Record<string, string>) => new URLSearchParams(fields);

async function freshSession(world: World, role: Exclude<Role, "visitor">): Promise<string> {
  const account = world.accounts[role];
  const cookie =
    role === "keeper" || role === "admin"
      ? (await signInStaff(world.server, account, world.staffSecrets[role])).cookie
      : (await signIn(world.server, account.username, account.password)).cookie;
  rememberCookie(cookie);
  return cookie;
}
