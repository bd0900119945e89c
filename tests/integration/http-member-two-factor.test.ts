import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, mailOutbox, rateLimits, sessions, twoFactors, users } from "../../db/schema";
import { cookiesOf, createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";
import { unusedTotp } from "../support/totp";

/*
 * Issue 32: two-factor for members who want it (off by default, the staff's per-session rule),
 * and recovery codes that can be renewed, whose number left is shown, with a warning email when
 * two or fewer remain.
 */

const WRONG_PASSWORD = "Your current password is not correct";

/** The recovery codes a page shows in a list (the enrolment's, or the renewed ones). */
const codesIn = (html: string) =>
  [...html.matchAll(/<li>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/li>/g)].map((m) => m[1] as string);

/** A member turns two-factor on from its page, as on /profile: the password, then the first code. */
async function enrol(server: TestServer, member: TestAccount, cookie: string) {
  const started = await post(server, "/profile/two-factor", cookie, { intent: "start", password: member.password });
  expect(started.status).toBe(200);
  const html = await started.text();
  const secret = html.match(/>([A-Z2-7]{16,})<\/code>/)?.[1];
  if (!secret) throw new Error("no secret on the enrolment page");
  const confirm = await post(server, "/profile/two-factor", cookie, {
    intent: "confirm",
    code: await unusedTotp(secret),
  });
  return { confirm, secret, codes: codesIn(html), cookie: cookiesOf(confirm, cookie) };
}

/** Password, then a code (TOTP or recovery) at the sign-in's second step. */
async function signInWithCode(server: TestServer, member: TestAccount, code: string) {
  const first = await signIn(server, member.username, member.password);
  expect(first.res.headers.get("location")).toMatch(/^\/sacred-access\/two-factor/);
  const res = await post(server, "/sacred-access/two-factor", first.cookie, { code, redirectTo: "" });
  return { res, cookie: cookiesOf(res, first.cookie) };
}

describeEachBackend("two-factor for members, and recovery codes", (backend) => {
  let server: TestServer;
  const mailsOf = (kind: string, to: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to)));
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  it("is off by default; a member turns it on, and then signing in and every unproven session ask for a code", async () => {
    const member = await createAccount(server, "member", "Zofia Łęcka");
    const elsewhere = await signIn(server, member.username, member.password);
    const { cookie: here } = await signIn(server, member.username, member.password);
    const profile = await (await get(server, "/profile", here)).text();
    expect(profile).toContain("Two-factor sign-in");
    expect(profile).toContain('href="/profile/two-factor"');
    expect((await get(server, "/journals", here)).status).toBe(200);

    const { confirm, secret, cookie } = await enrol(server, member, here);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe("/profile?done=two-factor-on#two-factor");
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.twoFactorEnabled).toBe(true);
    // The session that enrolled goes on; the one opened elsewhere with the password alone has ended.
    expect((await get(server, "/journals", cookie)).status).toBe(200);
    expect((await get(server, "/journals", elsewhere.cookie)).headers.get("location")).toMatch(/^\/sacred-access/);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.actorId, member.id));
    expect(audit.map((e) => e.action)).toEqual(["account.two-factor-enabled"]);
    const shown = await (await get(server, "/profile", cookie)).text();
    expect(shown).toContain("10 recovery codes left");
    expect(shown).toContain("Turn Off Two-Factor");

    // Signing in now takes the code; a member lands on the dashboard, and is not audited as staff.
    const wrong = await signInWithCode(server, member, "000000");
    expect(wrong.res.status).toBe(401);
    const { res, cookie: signedIn } = await signInWithCode(server, member, await unusedTotp(secret));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await get(server, "/journals", signedIn)).status).toBe(200);
    const staffEntries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.sign-in"), eq(auditLog.actorId, member.id)));
    expect(staffEntries).toHaveLength(0);

    // A session that never passed the second factor proves it before the member area opens.
    await server.database.db.update(sessions).set({ twoFactorVerified: false }).where(eq(sessions.userId, member.id));
    for (const path of ["/journals", "/profile", "/profile/export"]) {
      const guarded = await get(server, path, signedIn);
      expect(guarded.status, path).toBe(302);
      expect(guarded.headers.get("location"), path).toBe("/profile/two-factor");
    }
    expect(await (await get(server, "/profile/two-factor", signedIn)).text()).toContain("Confirm it is you");
    const stepped = await post(server, "/profile/two-factor", signedIn, { code: await unusedTotp(secret) });
    expect(stepped.status).toBe(303);
    expect(stepped.headers.get("location")).toBe("/dashboard");
    expect((await get(server, "/journals", signedIn)).status).toBe(200);
    // Proven, the setup page has nothing to do and sends the member to the card.
    expect((await get(server, "/profile/two-factor", signedIn)).headers.get("location")).toBe("/profile#two-factor");
  });

  it("issues recovery codes to read aloud, takes them in any case, spacing or dashes, and still takes an old mixed-case code", async () => {
    const member = await createAccount(server, "member", "Ilse Lindqvist");
    const { codes } = await enrol(server, member, (await signIn(server, member.username, member.password)).cookie);
    expect(codes).toHaveLength(10);
    // Lower case, two groups of five, none of 0/o, 1/l/i.
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    const [first, second] = codes as [string, string];
    // Shouted, spaced and without the dash, it is the same code, and works once.
    const typed = ` ${first
      .replace("-", "")
      .toUpperCase()
      .replace(/(.{3})/g, "$1 ")} `;
    const { res } = await signInWithCode(server, member, typed);
    expect(res.status).toBe(303);
    expect((await signInWithCode(server, member, first)).res.status).toBe(401);
    expect((await signInWithCode(server, member, second.replace("-", " – "))).res.status).toBe(303);

    // A code issued before issue 48 (mixed case, look-alikes) keeps working as it was printed.
    const { symmetricEncrypt } = await import("better-auth/crypto");
    const { authFor } = await import("../../app/modules/accounts/auth.server");
    const ctx = await authFor(server.database.db, server.env).$context;
    const old = await symmetricEncrypt({ key: ctx.secretConfig, data: JSON.stringify(["fkiiJ-CISu3", "II0VU-M3GXz"]) });
    await server.database.db.update(twoFactors).set({ backupCodes: old }).where(eq(twoFactors.userId, member.id));
    expect((await signInWithCode(server, member, "fkiiJ-CISu3")).res.status).toBe(303);
    expect((await signInWithCode(server, member, "fkiiJ-CISu3")).res.status).toBe(401);
    expect((await signInWithCode(server, member, "ii0vu m3gxz")).res.status).toBe(303);
  });

  it("counts the recovery codes left, warns by email from two left, and renews them: the old ones stop at once", async () => {
    const member = await createAccount(server, "member", "陈静");
    const { cookie: first } = await signIn(server, member.username, member.password);
    const { codes, secret } = await enrol(server, member, first);
    expect(codes).toHaveLength(10);

    for (const [i, code] of codes.slice(0, 8).entries()) {
      await server.database.db.delete(rateLimits);
      const used = await signInWithCode(server, member, code);
      expect(used.res.status, `code ${i + 1}`).toBe(303);
      const low = await mailsOf("two-factor.recovery-codes-low", member.email);
      // Nine, eight, ... three left: no mail; two left after the eighth.
      expect(low, `after code ${i + 1}`).toHaveLength(i === 7 ? 1 : 0);
    }
    const [warning] = await mailsOf("two-factor.recovery-codes-low", member.email);
    expect(warning?.subject).toBe("You have 2 recovery codes left");
    expect(warning?.textBody).toContain("/profile#two-factor");
    for (const code of codes) expect(warning?.textBody).not.toContain(code);
    // A used code does not work twice.
    expect((await signInWithCode(server, member, codes[0] as string)).res.status).toBe(401);

    const { cookie } = await signInWithCode(server, member, await unusedTotp(secret));
    const page = await (await get(server, "/profile", cookie)).text();
    expect(page).toContain("2 recovery codes left");
    expect(page).toContain("renew them before the last one is gone");

    const wrong = await post(server, "/profile", cookie, {
      intent: "renew-recovery-codes",
      twoFactorPassword: "nope-nope",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(WRONG_PASSWORD);
    const empty = await post(server, "/profile", cookie, { intent: "renew-recovery-codes", twoFactorPassword: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter your password");

    const renewed = await post(server, "/profile", cookie, {
      intent: "renew-recovery-codes",
      twoFactorPassword: member.password,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("cache-control")).toContain("no-store");
    const html = await renewed.text();
    const fresh = codesIn(html.slice(html.indexOf("Your new recovery codes")));
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(html).toContain("10 recovery codes left");
    // The two old codes never used stop working at once; a new one works.
    expect((await signInWithCode(server, member, codes[9] as string)).res.status).toBe(401);
    expect((await signInWithCode(server, member, fresh[0] as string)).res.status).toBe(303);
    const [told] = await mailsOf("two-factor.recovery-codes-renewed", member.email);
    expect(told?.subject).toBe("Your recovery codes were renewed");
    for (const code of fresh) expect(told?.textBody).not.toContain(code);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.recovery-codes-renewed"), eq(auditLog.subjectUserId, member.id)));
    expect(audit).toHaveLength(1);
  });

  it("lets a member turn it off with the password, once; staff keep it on", async () => {
    const member = await createAccount(server, "member", "Ana Off");
    const { cookie: first } = await signIn(server, member.username, member.password);
    const { cookie } = await enrol(server, member, first);
    const wrong = await post(server, "/profile", cookie, {
      intent: "two-factor-off",
      twoFactorPassword: "not-it-at-all",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(WRONG_PASSWORD);
    for (let i = 0; i < 2; i++) {
      const off = await post(server, "/profile", cookie, {
        intent: "two-factor-off",
        twoFactorPassword: member.password,
      });
      expect(off.status).toBe(303);
      expect(off.headers.get("location")).toBe("/profile?done=two-factor-off#two-factor");
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.twoFactorEnabled).toBe(false);
    // Told once, though the form was sent twice; the password alone signs in again.
    expect(await mailsOf("two-factor.off", member.email)).toHaveLength(1);
    const again = await signIn(server, member.username, member.password);
    expect(again.res.headers.get("location")).not.toMatch(/two-factor/);
    expect((await get(server, "/journals", again.cookie)).status).toBe(200);
    expect(await (await get(server, "/profile", again.cookie)).text()).toContain('href="/profile/two-factor"');
    const none = await post(server, "/profile", again.cookie, {
      intent: "renew-recovery-codes",
      twoFactorPassword: member.password,
    });
    expect(none.status).toBe(409);
    expect(await none.text()).toContain(
      "There are no recovery codes to renew: two-factor is off, or asks for a passkey instead.",
    );

    const keeper = await createAccount(server, "keeper", "Kai Keeper");
    const staff = await signInStaff(server, keeper);
    const refused = await post(server, "/profile", staff.cookie, {
      intent: "two-factor-off",
      twoFactorPassword: keeper.password,
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Temple Keepers keep two-factor on: the console opens only with it.");
    const [kept] = await server.database.db.select().from(users).where(eq(users.id, keeper.id));
    expect(kept?.twoFactorEnabled).toBe(true);
    expect(await mailsOf("two-factor.off", keeper.email)).toHaveLength(0);
  });
});
