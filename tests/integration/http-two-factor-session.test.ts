import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, rateLimits, sessions } from "../../db/schema";
import { cookiesOf, createAccount, get, post, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";
import { unusedTotp } from "../support/totp";

/*
 * Issue 13, part 3: two-factor belongs to the session. Only a session that itself passed the
 * second factor (or enrolled in it) opens the console; enrolling ends the account's other
 * sessions; a replayed code does not spoil the sign-in challenge for a fresh one.
 */

const INVALID = "That code is not correct. Please try again with a fresh code.";

/** Starts enrolment in this session; returns the secret and the recovery codes the page shows. */
async function beginEnrolment(server: TestServer, cookie: string, password: string) {
  const html = await (await post(server, "/console/two-factor", cookie, { intent: "start", password })).text();
  const secret = html.match(/>([A-Z2-7]{16,})<\/code>/)?.[1];
  if (!secret) throw new Error("no secret on the enrolment page");
  const codes = [...html.matchAll(/<li>([A-Za-z0-9-]{8,})<\/li>/g)].map((m) => m[1] as string);
  return { html, secret, codes };
}

describeEachBackend("two-factor belongs to the session", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  it("ends the password-only sessions of the account when it enrols, so none inherits the console", async () => {
    const keeper = await createAccount(server, "keeper", "Ada Keeper");
    const early = await signIn(server, keeper.username, keeper.password); // before two-factor existed
    expect((await get(server, "/console", early.cookie)).headers.get("location")).toBe("/console/two-factor");
    const enrolling = await signIn(server, keeper.username, keeper.password);
    const { html } = await beginEnrolment(server, enrolling.cookie, keeper.password);
    const { cookie } = await signInStaff(server, keeper, undefined, html);
    expect((await get(server, "/console", cookie)).status).toBe(200);
    // The early session is gone: it is sent to sign in, never into the console.
    const after = await get(server, "/console", early.cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/sacred-access?redirectTo=%2Fconsole");
    const left = await server.database.db.select().from(sessions).where(eq(sessions.userId, keeper.id));
    expect(left).toHaveLength(1);
    expect(left[0]?.twoFactorVerified).toBe(true);
  });

  it("asks a session without the second factor to step up with a code before the console opens", async () => {
    const keeper = await createAccount(server, "keeper", "Bea Keeper");
    const { cookie, secret } = await signInStaff(server, keeper);
    // A session that never passed the second factor (e.g. one opened before this rule).
    await server.database.db.update(sessions).set({ twoFactorVerified: false }).where(eq(sessions.userId, keeper.id));
    for (const path of ["/console", "/console/requests", "/console/quiz.csv"]) {
      const res = await get(server, path, cookie);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/console/two-factor");
    }
    const page = await get(server, "/console/two-factor", cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm it is you");
    const wrong = await post(server, "/console/two-factor", cookie, { code: "000000" });
    expect(wrong.status).toBe(401);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(INVALID);
    // A code is never written back into the page.
    expect(wrongPage).not.toContain('value="000000"');
    const empty = await post(server, "/console/two-factor", cookie, { code: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter the code from your authenticator app");
    const code = await unusedTotp(secret);
    const ok = await post(server, "/console/two-factor", cookie, { code });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/console");
    expect((await get(server, "/console", cookie)).status).toBe(200);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.sign-in"), eq(auditLog.actorId, keeper.id)));
    expect(entries.some((e) => e.detail?.method === "session+totp")).toBe(true);
    // The same code once more (another stale session) is a replay.
    await server.database.db.update(sessions).set({ twoFactorVerified: false }).where(eq(sessions.userId, keeper.id));
    expect((await post(server, "/console/two-factor", cookie, { code })).status).toBe(401);
  });

  it("keeps the sign-in challenge open after a replayed code: a fresh code, or a recovery code, still works", async () => {
    const keeper = await createAccount(server, "keeper", "Cal Keeper");
    const first = await signIn(server, keeper.username, keeper.password);
    const { html, secret, codes } = await beginEnrolment(server, first.cookie, keeper.password);
    await signInStaff(server, keeper, undefined, html);

    const used = await unusedTotp(secret);
    const once = await signIn(server, keeper.username, keeper.password);
    expect((await post(server, "/sacred-access/two-factor", once.cookie, { code: used })).status).toBe(303);

    for (const next of ["totp", "recovery"] as const) {
      const pending = await signIn(server, keeper.username, keeper.password);
      const replay = await post(server, "/sacred-access/two-factor", pending.cookie, { code: used });
      expect(replay.status).toBe(401);
      expect(await replay.text()).toContain(INVALID);
      const code = next === "totp" ? await unusedTotp(secret) : (codes[0] as string);
      const res = await post(server, "/sacred-access/two-factor", pending.cookie, { code, redirectTo: "/console" });
      expect(res.status, next).toBe(303);
      expect(res.headers.get("location")).toBe("/console");
      expect((await get(server, "/console", cookiesOf(res, pending.cookie))).status, next).toBe(200);
    }
  });
});
