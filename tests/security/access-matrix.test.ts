import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signInStaff } from "../support/accounts";
import { expectNoSecretsInLogs, rememberCookie, startLoggedServer } from "../support/logged-server";
import { as, buildWorld, clearLimits, ROLES, type Role, SENSITIVE, type World } from "./fixtures";
import { type AppRoute, appRoutes } from "./route-list";

/**
 * DESIGN.md "Roles": every loader and action checks its permission on the server, every record read
 * checks ownership. One rule per route path of app/routes.ts; a route without a rule fails the
 * test, so a new route has to be classified here before it ships.
 *
 * An expectation is a status, "signin" (302 to /sacred-access?redirectTo=<the path>), or
 * "<status> <location>". POST bodies are mostly deliberately invalid: the answer then shows whether
 * the permission check (which comes first) let the role through (400) or not (302/403/404).
 */
type Expect = number | string;
type PerRole = Record<Role, Expect>;
interface Post {
  body: Record<string, string>;
  expect: PerRole;
  /** The action ends the session: each role posts with a session of its own. */
  fresh?: boolean;
}
interface Rule {
  get: PerRole;
  post?: Post;
  /** The concrete path, with the route's params filled from the world's real records. */
  at?: (ids: World["ids"]) => string;
}

const all = (e: Expect): PerRole => ({ visitor: e, memberA: e, memberB: e, keeper: e, admin: e });
const signedIn = (e: Expect): PerRole => ({ ...all(e), visitor: "signin" });
const ownerOnly = (e: Expect): PerRole => ({ ...all(404), visitor: "signin", memberA: e });
const staff = (e: Expect): PerRole => ({ visitor: "signin", memberA: 403, memberB: 403, keeper: e, admin: e });
const adminOnly = (e: Expect): PerRole => ({ ...staff(e), keeper: 403 });
const publicPost = (body: Record<string, string>, e: Expect): Post => ({ body, expect: all(e) });
const PUBLIC: Rule = { get: all(200) };
const MEMBER: Rule = { get: signedIn(200) };
const signInPage: PerRole = { ...all("302 /dashboard"), visitor: 200 };
const journalUpdate = { title: SENSITIVE.journalTitle, content: SENSITIVE.journalContent, intensity: "6" };

const RULES: Record<string, Rule> = {
  "/": PUBLIC,
  "/the-invitation": PUBLIC,
  "/the-calling": PUBLIC,
  "/magic": PUBLIC,
  "/magic/feed.xml": PUBLIC,
  "/magic/:slug": { ...PUBLIC, at: (ids) => `/magic/${ids.articleSlug}` },
  "/religious-freedom": PUBLIC,
  "/terms-and-privacy": PUBLIC,
  "/faq": PUBLIC,
  "/contact": { get: all(200), post: publicPost({}, 400) },
  "/request-access": { get: all(200), post: publicPost({}, 400) },
  "/start-your-journey": { get: all(200), post: publicPost({}, 400) },
  "/start": { get: all(200), post: publicPost({}, 400) },
  "/heroic-application": { get: all(200), post: publicPost({}, 400) },
  "/donation-checkout": { get: all(200), post: publicPost({}, 400) },
  // POST-only endpoints answer a GET with 404 (no state change on GET).
  "/guide-chat": { get: all(404), post: publicPost({}, 400) },
  "/donation": { get: all(200), post: publicPost({}, 400) },
  "/donation-success": PUBLIC,
  // The payment id is the capability; without one there is nothing to show.
  "/payments/return": { get: all(404), post: publicPost({ payment: "" }, 404) },
  "/bookings/slots": PUBLIC,
  // The booking page (works without JavaScript) and the dialog's and page's POST.
  "/bookings": { get: all(200), post: publicPost({}, 400) },
  // Where a change by the emailed link lands: the outcome only, no booking data (no token in it).
  "/bookings/manage/done": PUBLIC,
  // The emailed manage link is the booker's key, whoever holds it (no account needed).
  "/bookings/manage/:token": {
    get: all(200),
    post: publicPost({ intent: "nothing" }, 400),
    at: (ids) => `/bookings/manage/${ids.bookingToken}`,
  },
  "/booking-confirmed": PUBLIC,
  "/payments/test/:orderId": {
    get: all(200),
    post: publicPost({ decision: "nothing" }, 400),
    at: (ids) => `/payments/test/${ids.orderId}`,
  },
  // The test provider verifies no delivery: every webhook is refused.
  "/payments/webhook": { get: all(404), post: publicPost({}, 400) },
  // Signed-in people are sent on (the page's loader runs after the action, too).
  "/sacred-access": { get: signInPage, post: { body: {}, expect: { ...signInPage, visitor: 400 } } },
  "/services": { get: signInPage, post: { body: {}, expect: { ...signInPage, visitor: 400 } } },
  "/sacred-access/two-factor": { get: all(200), post: publicPost({}, 400) },
  "/forgot-password": { get: all(200), post: publicPost({}, 400) },
  "/reset-password/:token": {
    get: all(200),
    post: publicPost({}, 400),
    at: (ids) => `/reset-password/${ids.resetToken}`,
  },
  "/welcome/:token": { get: all(200), post: publicPost({}, 400), at: (ids) => `/welcome/${ids.inviteToken}` },
  // Used once already by the world: the link confirms nothing more, for anyone.
  "/confirm-email/:token": {
    get: all(410),
    post: publicPost({}, 410),
    at: (ids) => `/confirm-email/${ids.emailChange}`,
  },
  "/sign-out": { get: all("302 /dashboard"), post: { ...publicPost({}, "302 /sacred-access"), fresh: true } },
  "/dashboard": MEMBER,
  "/profile": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/journals": { get: signedIn(200), post: { body: {}, expect: signedIn(400) } },
  "/journals/:id": {
    get: ownerOnly(200),
    post: { body: journalUpdate, expect: ownerOnly(303) },
    at: (ids) => `/journals/${ids.journalEntry}`,
  },
  "/preparation-guide": { get: signedIn(200), post: { body: { item: "nothing" }, expect: signedIn(400) } },
  "/calendar": { get: signedIn(200), post: { body: { emotion: "nothing" }, expect: signedIn(400) } },
  "/spirit-companion": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/integration": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/integration/sessions/:id": {
    get: ownerOnly(200),
    at: (ids) => `/integration/sessions/${ids.integrationSession}`,
  },
  "/meditations": { get: signedIn(200), post: { body: {}, expect: signedIn(400) } },
  "/resources": MEMBER,
  "/profile/export": MEMBER,
  // No fixture gift is approved, so each member gets the page saying there is no statement for the year.
  "/profile/giving-statement/:year": { get: signedIn(404), at: (ids) => `/profile/giving-statement/${ids.year}` },
  "/integration/sessions/:id/export": {
    get: ownerOnly(200),
    at: (ids) => `/integration/sessions/${ids.integrationSession}/export`,
  },
  // Enrolled staff are sent on to the console; members may not enrol.
  "/console/two-factor": {
    get: staff("302 /console"),
    post: { body: { intent: "start" }, expect: staff("302 /console") },
  },
  "/console/quiz.csv": { get: staff(200) },
  "/console/giving.csv": { get: staff(200) },
  "/console/bookings.csv": { get: staff(200) },
  "/console/subscribers.csv": { get: staff(200) },
  "/console": { get: staff(200) },
  "/console/requests": { get: staff(200) },
  "/console/requests/:id": {
    get: staff(200),
    post: { body: { decision: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/requests/${ids.accessRequest}`,
  },
  "/console/members": { get: staff(200) },
  "/console/members/:id": {
    get: staff(200),
    post: { body: { intent: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/members/${ids.memberA}`,
  },
  "/console/inbox": { get: staff(200) },
  "/console/inbox/:id": {
    get: staff(200),
    post: { body: { intent: "reply", reply: "" }, expect: staff(400) },
    at: (ids) => `/console/inbox/${ids.contactMessage}`,
  },
  "/console/newsletter": { get: staff(200) },
  "/console/newsletter/subscribers": { get: staff(200) },
  "/console/newsletter/new": { get: staff(200), post: { body: { subject: "" }, expect: staff(400) } },
  "/console/newsletter/:id": {
    get: staff(200),
    post: { body: { intent: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/newsletter/${ids.newsletterIssue}`,
  },
  "/console/shares": { get: staff(200) },
  "/console/shares/:id": {
    get: staff(200),
    post: { body: { reply: "" }, expect: staff(400) },
    at: (ids) => `/console/shares/${ids.share}`,
  },
  "/console/outbox": { get: adminOnly(200), post: { body: { id: "0" }, expect: adminOnly(400) } },
  "/console/audit": { get: adminOnly(200) },
  "/console/applications": { get: staff(200) },
  "/console/applications/:id": {
    get: staff(200),
    post: { body: { intent: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/applications/${ids.application}`,
  },
  "/console/quiz": { get: staff(200) },
  // Refunds are for admins; gift 0 does not exist, hence 409 for them.
  "/console/giving": { get: staff(200), post: { body: { refund: "0" }, expect: adminOnly(400) } },
  "/console/bookings": { get: staff(200), post: { body: { intent: "nothing" }, expect: staff(400) } },
  "/thank-you": PUBLIC,
  "/thank-you-sacred-offering": PUBLIC,
  "/newsletter": { get: all(200), post: publicPost({}, 400) },
  // Used once already by the world: a second confirmation is "gone".
  "/newsletter/confirm/:token": {
    get: all(200),
    post: publicPost({}, 410),
    at: (ids) => `/newsletter/confirm/${ids.newsletterConfirm}`,
  },
  "/newsletter/unsubscribe/:token": {
    get: all(200),
    post: publicPost({}, 200),
    at: (ids) => `/newsletter/unsubscribe/${ids.newsletterUnsubscribe}`,
  },
  "/sitemap.xml": PUBLIC,
  "/robots.txt": PUBLIC,
  "/session-calendar": { get: all("301 /calendar") },
  "/integration-sessions": { get: all("301 /integration") },
  "/guided-meditations": { get: all("301 /meditations") },
  "/sacred-resources": { get: all("301 /resources") },
  "/*": { get: all(404), at: () => "/no-such-page-anywhere" },
};

/** Whether an answer is what the rule expects; else a line saying what came instead. */
function mismatch(res: Response, want: Expect, target: string, what: string): string | null {
  const location = res.headers.get("location");
  const got = location ? `${res.status} ${location}` : String(res.status);
  const expected =
    want === "signin" ? `302 /sacred-access?redirectTo=${encodeURIComponent(target.split("?")[0] ?? "")}` : want;
  const ok = typeof expected === "number" ? res.status === expected : got === expected;
  return ok ? null : `${what}: ${got}, want ${expected}`;
}

describe("the access matrix [pglite]", () => {
  let world: World;
  let routes: AppRoute[];
  beforeAll(async () => {
    routes = await appRoutes();
    world = await buildWorld(await startLoggedServer("pglite", { PAYMENT_PROVIDER: "test" }));
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
