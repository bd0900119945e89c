import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, mailOutbox, passkeys, rateLimits, sessions } from "../../db/schema";
import { cookiesOf, createAccount, get, post, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { addPasskeyOn, type PasskeyOptions, passkeyOptions } from "../support/passkeys-http";
import { startTestServer, type TestServer } from "../support/server";
import { unusedTotp } from "../support/totp";
import { passkeyAnswer, type SoftPasskey } from "../support/webauthn";

/*
 * Issue 32: passkeys. Added and removed on /profile, used to sign in (both factors: user
 * verification is required) and as the second step after a password; a passkey of another site,
 * of another account, or a response used once already opens nothing.
 */

const FAILED = "The passkey could not be checked. Please try again.";
const SIGN_IN = "That passkey could not sign you in. Please try again, or use your password.";

type Options = PasskeyOptions;

describeEachBackend("passkeys", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const options = <T = Options>(ceremony: string, cookie = "") => passkeyOptions<T>(server, ceremony, cookie);
  const addPasskey = (cookie: string, name: string, origin = server.origin, rpId?: string) =>
    addPasskeyOn(server, cookie, name, origin, rpId);

  async function signInWith(passkey: SoftPasskey, origin = server.origin) {
    const asked = await options("sign-in");
    const res = await post(server, "/sacred-access", "", {
      intent: "passkey",
      credential: JSON.stringify(passkeyAnswer(passkey, asked, origin)),
      redirectTo: "/journals",
    });
    return { res, cookie: cookiesOf(res) };
  }

  it("adds a named passkey on /profile, signs in with it alone, and refuses it once removed", async () => {
    const member = await createAccount(server, "member", "Marta Ćwik");
    const { cookie } = await signIn(server, member.username, member.password);
    const { res, passkey, response } = await addPasskey(cookie, "Phone");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/profile?done=passkey-added#passkeys");
    const page = await (await get(server, "/profile", cookie)).text();
    expect(page).toContain("Phone");
    expect(page).toContain("not used yet");
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "passkey.added"), eq(mailOutbox.toAddress, member.email)));
    expect(mail?.textBody).toContain('"Phone"');
    // The same answer again: its challenge is spent.
    const again = await post(server, "/profile", cookie, {
      intent: "add-passkey",
      name: "Phone",
      credential: JSON.stringify(response),
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(FAILED);

    const signedIn = await signInWith(passkey);
    expect(signedIn.res.status).toBe(303);
    expect(signedIn.res.headers.get("location")).toBe("/journals");
    expect((await get(server, "/journals", signedIn.cookie)).status).toBe(200);
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(rows.filter((s) => s.twoFactorVerified)).toHaveLength(1);
    expect(await (await get(server, "/profile", cookie)).text()).toContain("last used");

    // A response used once opens nothing a second time.
    const asked = await options("sign-in");
    const used = passkeyAnswer(passkey, asked, server.origin);
    const first = await post(server, "/sacred-access", "", { intent: "passkey", credential: JSON.stringify(used) });
    expect(first.status).toBe(303);
    const replay = await post(server, "/sacred-access", "", { intent: "passkey", credential: JSON.stringify(used) });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain(SIGN_IN);

    // Another member cannot remove it; its owner can, and then it signs no one in.
    const other = await createAccount(server);
    const { cookie: otherCookie } = await signIn(server, other.username, other.password);
    const [row] = await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    const stranger = await post(server, "/profile", otherCookie, {
      intent: "remove-passkey",
      passkeyId: row?.id ?? "",
    });
    expect(stranger.status).toBe(404);
    expect(await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toHaveLength(1);
    const removed = await post(server, "/profile", cookie, { intent: "remove-passkey", passkeyId: row?.id ?? "" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/profile?done=passkey-removed#passkeys");
    expect((await signInWith(passkey)).res.status).toBe(401);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, member.id));
    expect(audit.map((e) => e.action).sort()).toEqual(["account.passkey-added", "account.passkey-removed"]);
  });

  it("refuses a passkey made for another site, or used on another site", async () => {
    const member = await createAccount(server);
    const { cookie } = await signIn(server, member.username, member.password);
    const phished = await addPasskey(cookie, "Elsewhere", "https://sacred-path.example.net", "sacred-path.example.net");
    expect(phished.res.status).toBe(400);
    expect(await phished.res.text()).toContain(FAILED);
    expect(await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toHaveLength(0);

    const { passkey } = await addPasskey(cookie, "Laptop");
    // Signed on a copy of the sign-in page at another address: the origin in its client data gives it away.
    const copied = await signInWith(passkey, "https://sacred-path.example.net");
    expect(copied.res.status).toBe(401);
    const wrongSite = { ...passkey, rpId: "sacred-path.example.net" };
    expect((await signInWith(wrongSite)).res.status).toBe(401);
    expect((await signInWith(passkey)).res.status).toBe(303);
  });

  it("takes a passkey as the second step after the password, only the account's own", async () => {
    const member = await createAccount(server, "member", "Two Step");
    const { cookie: first } = await signIn(server, member.username, member.password);
    const started = await post(server, "/profile/two-factor", first, { intent: "start", password: member.password });
    const secret = (await started.text()).match(/>([A-Z2-7]{16,})<\/code>/)?.[1] ?? "";
    const confirmed = await post(server, "/profile/two-factor", first, {
      intent: "confirm",
      code: await unusedTotp(secret),
    });
    const cookie = cookiesOf(confirmed, first);
    const { passkey } = await addPasskey(cookie, "Key");
    const stranger = await createAccount(server);
    const { cookie: strangerCookie } = await signIn(server, stranger.username, stranger.password);
    const { passkey: theirs } = await addPasskey(strangerCookie, "Theirs");

    const pending = await signIn(server, member.username, member.password);
    expect(pending.res.headers.get("location")).toMatch(/^\/sacred-access\/two-factor/);
    const asked = await options<Options & { allowCredentials: { id: string }[] }>("second-factor", pending.cookie);
    expect(asked.allowCredentials.map((c) => c.id)).toEqual([passkey.credentialId.toString("base64url")]);
    const wrong = await post(server, "/sacred-access/two-factor", pending.cookie, {
      intent: "passkey",
      credential: JSON.stringify(passkeyAnswer(theirs, asked, server.origin)),
    });
    expect(wrong.status).toBe(401);
    const again = await options("second-factor", pending.cookie);
    const ok = await post(server, "/sacred-access/two-factor", pending.cookie, {
      intent: "passkey",
      credential: JSON.stringify(passkeyAnswer(passkey, again, server.origin)),
      redirectTo: "/journals",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/journals");
    const signedIn = cookiesOf(ok, pending.cookie);
    expect((await get(server, "/journals", signedIn)).status).toBe(200);
    // The pending sign-in is spent: its cookie opens nothing more.
    const spent = await options<Options>("second-factor", pending.cookie).catch(() => null);
    expect(spent).toBeNull();
    // Without a pending sign-in there are no second-step options at all.
    expect((await post(server, "/passkeys/options", "", { ceremony: "second-factor" })).status).toBe(401);
    expect((await post(server, "/passkeys/options", "", { ceremony: "register" })).status).toBe(401);
  });

  it("opens the console for staff signing in with a passkey: it is the second factor", async () => {
    const keeper = await createAccount(server, "keeper", "Key Keeper");
    const { cookie } = await signInStaff(server, keeper);
    const { passkey } = await addPasskey(cookie, "Security key");
    const signedIn = await signInWith(passkey);
    expect(signedIn.res.status).toBe(303);
    expect((await get(server, "/console", signedIn.cookie)).status).toBe(200);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.sign-in"), eq(auditLog.actorId, keeper.id)));
    expect(entries.some((e) => e.detail?.method === "passkey")).toBe(true);
  });
});
