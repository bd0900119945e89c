import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, passkeys, rateLimits, sessions, users } from "../../db/schema";
import { cookiesOf, createAccount, get, post, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { addPasskeyOn, type PasskeyOptions, passkeyOptions } from "../support/passkeys-http";
import { startTestServer, type TestServer } from "../support/server";
import { passkeyAnswer, type SoftPasskey } from "../support/webauthn";

/*
 * Issue 32: a passkey as the second step. A member may choose their passkeys, not an app, as the
 * step after the password; a session opened with the password alone proves itself with one
 * (step-up), staff too; and a passkey can be renamed. Only the account's own passkeys count.
 */

const SIGN_IN = "That passkey could not sign you in. Please try again, or use your password.";
const LAST =
  "This is your last passkey, and two-factor asks for one after your password. Add another passkey, or turn two-factor off, first.";
const NO_CODES = "There are no recovery codes to renew: two-factor is off, or asks for a passkey instead.";

describeEachBackend("a passkey as the second step", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const answer = (passkey: SoftPasskey, options: PasskeyOptions) =>
    JSON.stringify(passkeyAnswer(passkey, options, server.origin));
  const twoFactorOf = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]?.twoFactorEnabled;
  /** A session opened with the password alone (before the account turned two-factor on, say). */
  const unprove = (userId: string) =>
    server.database.db.update(sessions).set({ twoFactorVerified: false }).where(eq(sessions.userId, userId));

  it("lets a member choose passkeys as the step after the password, and keeps their last one", async () => {
    const member = await createAccount(server, "member", "Zofia Łęcka");
    const { cookie } = await signIn(server, member.username, member.password);
    const elsewhere = (await signIn(server, member.username, member.password)).cookie;
    const noKeys = await post(server, "/profile/two-factor", cookie, { intent: "passkeys", passkeyPassword: "x" });
    expect(noKeys.status).toBe(409);
    expect(await noKeys.text()).toContain("Add a passkey on your profile first");
    const { passkey } = await addPasskeyOn(server, cookie, "Phone");
    expect(await (await get(server, "/profile/two-factor", cookie)).text()).toContain("Use My Passkeys for Two-Factor");

    const wrong = await post(server, "/profile/two-factor", cookie, { intent: "passkeys", passkeyPassword: "nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your password is not correct");
    expect(await twoFactorOf(member.id)).toBe(false);
    const on = await post(server, "/profile/two-factor", cookie, {
      intent: "passkeys",
      passkeyPassword: member.password,
    });
    expect(on.status).toBe(303);
    expect(on.headers.get("location")).toBe("/profile?done=two-factor-on#two-factor");
    expect(await twoFactorOf(member.id)).toBe(true);
    expect((await get(server, "/journals", cookie)).status).toBe(200);
    expect((await get(server, "/journals", elsewhere)).headers.get("location")).toMatch(/^\/sacred-access/);
    const profile = await (await get(server, "/profile", cookie)).text();
    expect(profile).toContain("On, with your passkeys");
    const [enabled] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.two-factor-enabled"), eq(auditLog.subjectUserId, member.id)));
    expect(enabled?.detail).toEqual({ method: "passkey" });

    // The password now waits for a passkey: the page offers no code, and a code opens nothing.
    const pending = await signIn(server, member.username, member.password);
    expect(pending.res.headers.get("location")).toMatch(/^\/sacred-access\/two-factor/);
    const step = await (await get(server, "/sacred-access/two-factor", pending.cookie)).text();
    expect(step).toContain("Use one of your passkeys");
    expect(step).not.toContain('name="code"');
    const code = await post(server, "/sacred-access/two-factor", pending.cookie, { code: "123456" });
    expect(code.status).toBe(401);
    const asked = await passkeyOptions(server, "second-factor", pending.cookie);
    const done = await post(server, "/sacred-access/two-factor", pending.cookie, {
      intent: "passkey",
      credential: answer(passkey, asked),
    });
    expect(done.status).toBe(303);
    expect((await get(server, "/journals", cookiesOf(done, pending.cookie))).status).toBe(200);

    // The last passkey stays while it is the only way through; with a second, the first may go.
    const [first] = await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    const last = await post(server, "/profile", cookie, { intent: "remove-passkey", passkeyId: first?.id ?? "" });
    expect(last.status).toBe(409);
    expect(await last.text()).toContain(LAST);
    const renew = await post(server, "/profile", cookie, { intent: "renew-recovery-codes", twoFactorPassword: "x" });
    expect(renew.status).toBe(409);
    expect(await renew.text()).toContain(NO_CODES);
    await addPasskeyOn(server, cookie, "Laptop");
    const removed = await post(server, "/profile", cookie, { intent: "remove-passkey", passkeyId: first?.id ?? "" });
    expect(removed.status).toBe(303);
    const off = await post(server, "/profile", cookie, {
      intent: "two-factor-off",
      twoFactorPassword: member.password,
    });
    expect(off.status).toBe(303);
    expect(await twoFactorOf(member.id)).toBe(false);
  });

  it("refuses passkeys alone to staff, who keep an app and its recovery codes", async () => {
    const keeper = await createAccount(server, "keeper", "Keeper Without App");
    const { cookie } = await signIn(server, keeper.username, keeper.password);
    const page = await (await get(server, "/console/two-factor", cookie)).text();
    expect(page).not.toContain("Use My Passkeys for Two-Factor");
    const res = await post(server, "/console/two-factor", cookie, {
      intent: "passkeys",
      passkeyPassword: keeper.password,
    });
    expect(res.status).toBe(400);
    expect(await twoFactorOf(keeper.id)).toBe(false);
  });

  it("proves a password-only session with the account's own passkey, for members and staff", async () => {
    const member = await createAccount(server, "member", "王小明");
    const { cookie } = await signIn(server, member.username, member.password);
    const { passkey } = await addPasskeyOn(server, cookie, "Phone");
    await post(server, "/profile/two-factor", cookie, { intent: "passkeys", passkeyPassword: member.password });
    const stranger = await createAccount(server);
    const strangerCookie = (await signIn(server, stranger.username, stranger.password)).cookie;
    const { passkey: theirs } = await addPasskeyOn(server, strangerCookie, "Theirs");
    await unprove(member.id);

    expect((await get(server, "/journals", cookie)).headers.get("location")).toBe("/profile/two-factor");
    const page = await (await get(server, "/profile/two-factor", cookie)).text();
    expect(page).toContain("Use one of your passkeys to open your member area here");
    expect(page).not.toContain('name="code"');
    expect((await post(server, "/passkeys/options", "", { ceremony: "step-up" })).status).toBe(401);
    const asked = await passkeyOptions<PasskeyOptions & { allowCredentials: { id: string }[] }>(
      server,
      "step-up",
      cookie,
    );
    expect(asked.allowCredentials.map((c) => c.id)).toEqual([passkey.credentialId.toString("base64url")]);
    const refused = await post(server, "/profile/two-factor", cookie, {
      intent: "passkey",
      credential: answer(theirs, asked),
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(SIGN_IN);
    expect((await get(server, "/journals", cookie)).status).toBe(302);
    const again = await passkeyOptions(server, "step-up", cookie);
    const proved = await post(server, "/profile/two-factor", cookie, {
      intent: "passkey",
      credential: answer(passkey, again),
    });
    expect(proved.status).toBe(303);
    expect(proved.headers.get("location")).toBe("/dashboard");
    expect((await get(server, "/journals", cookie)).status).toBe(200);
    // Proved: no step-up is left to ask for.
    expect((await post(server, "/passkeys/options", cookie, { ceremony: "step-up" })).status).toBe(401);

    const keeper = await createAccount(server, "keeper", "Step Keeper");
    const staff = await signInStaff(server, keeper);
    const { passkey: key } = await addPasskeyOn(server, staff.cookie, "Security key");
    await unprove(keeper.id);
    expect((await get(server, "/console", staff.cookie)).headers.get("location")).toBe("/console/two-factor");
    expect(await (await get(server, "/console/two-factor", staff.cookie)).text()).toContain('name="code"');
    const staffAsked = await passkeyOptions(server, "step-up", staff.cookie);
    const staffProved = await post(server, "/console/two-factor", staff.cookie, {
      intent: "passkey",
      credential: answer(key, staffAsked),
    });
    expect(staffProved.headers.get("location")).toBe("/console");
    expect((await get(server, "/console", staff.cookie)).status).toBe(200);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.sign-in"), eq(auditLog.actorId, keeper.id)));
    expect(entries.some((e) => e.detail?.method === "session+passkey")).toBe(true);
  });

  it("renames the account's own passkey, and only its own", async () => {
    const member = await createAccount(server);
    const { cookie } = await signIn(server, member.username, member.password);
    await addPasskeyOn(server, cookie, "Phone");
    const [row] = await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    const id = row?.id ?? "";
    const empty = await post(server, "/profile", cookie, {
      intent: "rename-passkey",
      renamePasskeyId: id,
      newPasskeyName: " ",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please name this passkey, for example Phone or Laptop");
    const long = await post(server, "/profile", cookie, {
      intent: "rename-passkey",
      renamePasskeyId: id,
      newPasskeyName: "x".repeat(61),
    });
    expect(long.status).toBe(400);
    const other = await createAccount(server);
    const otherCookie = (await signIn(server, other.username, other.password)).cookie;
    const theirs = await post(server, "/profile", otherCookie, {
      intent: "rename-passkey",
      renamePasskeyId: id,
      newPasskeyName: "Mine now",
    });
    expect(theirs.status).toBe(404);
    const renamed = await post(server, "/profile", cookie, {
      intent: "rename-passkey",
      renamePasskeyId: id,
      newPasskeyName: "Telefon Zosi",
    });
    expect(renamed.status).toBe(303);
    expect(renamed.headers.get("location")).toBe("/profile?done=passkey-renamed#passkeys");
    const [after] = await server.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(after?.name).toBe("Telefon Zosi");
    expect(await (await get(server, "/profile", cookie)).text()).toContain("Telefon Zosi");
  });
});
