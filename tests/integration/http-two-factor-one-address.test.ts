import { afterAll, beforeAll, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { cookiesOf, createAccount, get, post, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { addPasskeyOn, passkeyOptions } from "../support/passkeys-http";
import { startTestServer, type TestServer } from "../support/server";
import { totp, unusedTotp } from "../support/totp";
import { passkeyAnswer, type SoftPasskey } from "../support/webauthn";

/*
 * Issue 45, finding 5: a congregation on one Wi-Fi. Every request of this file comes from one client
 * address (127.0.0.1), as from a church hall's router. Two-factor budgets count failures per account
 * (and per browser that passed the account's second factor before), never successes and never per
 * client address: 30 members sign in with codes and passkeys within one quarter hour, a stranger's
 * wrong codes lock only that account's code step (and not for the owner's own browser), and a
 * member's first enrolment code after many sign-ins is taken.
 */

const LIMITED = "Too many attempts. Please wait 15 minutes and try again.";
const INVALID = "That code is not correct. Please try again with a fresh code.";
const MINUTES = 60_000;

type Member = { account: TestAccount } & ({ kind: "app"; secret: string } | { kind: "passkey"; passkey: SoftPasskey });

/** A six-digit code that is none of the codes the server would take now (the steps either side included). */
function wrongCode(secret: string): string {
  const now = Date.now();
  const right = new Set([-1, 0, 1].map((offset) => totp(secret, now, offset)));
  let code = Number(totp(secret, now));
  do code = (code + 7919) % 1_000_000;
  while (right.has(String(code).padStart(6, "0")));
  return String(code).padStart(6, "0");
}

describeEachBackend("a congregation behind one address signs in with two-factor", (backend) => {
  let server: TestServer;
  const members: Member[] = [];

  /** The password step, from a browser with these cookies (none: a browser the account never used). */
  const passwordStep = async (account: TestAccount, cookie = "") => {
    const res = await post(server, "/sacred-access", cookie, {
      emailOrUsername: account.username,
      password: account.password,
      redirectTo: "",
    });
    expect(res.status, account.username).toBe(303);
    expect(res.headers.get("location"), account.username).toMatch(/^\/sacred-access\/two-factor/);
    return cookiesOf(res, cookie);
  };
  const codeStep = (cookie: string, code: string) =>
    post(server, "/sacred-access/two-factor", cookie, { code, redirectTo: "" });
  const passkeyStep = async (cookie: string, passkey: SoftPasskey) => {
    const asked = await passkeyOptions(server, "second-factor", cookie);
    return post(server, "/sacred-access/two-factor", cookie, {
      intent: "passkey",
      credential: JSON.stringify(passkeyAnswer(passkey, asked, server.origin)),
      redirectTo: "",
    });
  };
  /**
   * `count` wrong codes for the member's account, each refused as wrong, from a browser with these
   * cookies; a new password step after every five. Returns the pending sign-in of the last.
   */
  async function guesses(member: Member & { kind: "app" }, count: number, cookie = "") {
    let pending = "";
    for (let i = 0; i < count; i++) {
      if (i % 5 === 0) pending = await passwordStep(member.account, cookie);
      const wrong = await codeStep(pending, wrongCode(member.secret));
      expect(wrong.status, `wrong code ${i + 1}`).toBe(401);
      expect(await wrong.text()).toContain(INVALID);
    }
    return count % 5 === 0 ? passwordStep(member.account, cookie) : pending;
  }
  /** A whole sign-in as a member's browser makes it: the page's passkey autofill begins a ceremony, then password and second step. */
  async function signInMember(member: Member, cookie = "") {
    await passkeyOptions(server, "sign-in", cookie);
    const pending = await passwordStep(member.account, cookie);
    const res =
      member.kind === "app"
        ? await codeStep(pending, await unusedTotp(member.secret))
        : await passkeyStep(pending, member.passkey);
    return { res, cookie: cookiesOf(res, pending) };
  }

  /** Turns two-factor on through the member's own pages: an app (its first code), or their passkey. */
  async function enrolled(kind: Member["kind"], name: string): Promise<Member> {
    const account = await createAccount(server, "member", name);
    const { cookie } = await signIn(server, account.username, account.password);
    if (kind === "passkey") {
      const { passkey, res } = await addPasskeyOn(server, cookie, "Phone");
      expect(res.status).toBe(303);
      const on = await post(server, "/profile/two-factor", cookie, {
        intent: "passkeys",
        passkeyPassword: account.password,
      });
      expect(on.status).toBe(303);
      return { account, kind, passkey };
    }
    const started = await post(server, "/profile/two-factor", cookie, { intent: "start", password: account.password });
    const secret = (await started.text()).match(/>([A-Z2-7]{16,})<\/code>/)?.[1];
    if (!secret) throw new Error("no secret on the enrolment page");
    const confirm = await post(server, "/profile/two-factor", cookie, {
      intent: "confirm",
      code: await unusedTotp(secret),
    });
    expect(confirm.status).toBe(303);
    return { account, kind, secret };
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    // They enrolled over the past weeks, each on a day of their own; the congregation gathers now.
    for (let i = 0; i < 30; i++) {
      members.push(await enrolled(i % 2 === 0 ? "app" : "passkey", `Member ${i}`));
      await server.database.db.delete(rateLimits);
    }
  }, 20 * MINUTES);
  afterAll(() => server.close());

  it(
    "signs in 30 members, with codes and passkeys, from one address within a quarter hour",
    async () => {
      for (const [i, member] of members.entries()) {
        // Now and then someone mistypes their code first: their own failure, nobody else's.
        if (member.kind === "app" && i % 3 === 0) {
          const pending = await passwordStep(member.account);
          const typo = await codeStep(pending, wrongCode(member.secret));
          expect(typo.status, `member ${i}'s typo`).toBe(401);
          expect(await typo.text()).toContain(INVALID);
          const fixed = await codeStep(pending, await unusedTotp(member.secret));
          expect(fixed.status, `member ${i} after a typo`).toBe(303);
          continue;
        }
        const { res, cookie } = await signInMember(member);
        expect(res.status, `member ${i} (${member.kind})`).toBe(303);
        expect((await get(server, "/journals", cookie)).status, `member ${i}'s session`).toBe(200);
      }
    },
    10 * MINUTES,
  );

  it(
    "locks one account's code step after 11 wrong codes, and no one else's, nor the owner's own browser",
    async () => {
      // Two members with an app who made no typo in the first test (their budgets are whole).
      const [owner, other] = [members[2], members[4]];
      if (owner?.kind !== "app" || other?.kind !== "app") throw new Error("no members with an app");
      // The owner's phone, which passed the second factor before: the sign-in remembers it.
      const ownBrowser = await signInMember(owner);
      expect(ownBrowser.res.status).toBe(303);
      const device = ownBrowser.res.headers
        .getSetCookie()
        .find((c) => c.startsWith("sacred.known_device="))
        ?.split(";")[0];
      expect(device, "the second step remembers the browser").toBeDefined();

      // A stranger in the same hall who has the owner's password guesses codes (signing in again
      // whenever a sign-in's challenge is spent: better-auth takes five codes for one).
      const stranger = await guesses(owner, 10);
      expect(stranger, "the password alone remembers no browser").not.toContain("known_device");
      const eleventh = await codeStep(stranger, wrongCode(owner.secret));
      expect(eleventh.status).toBe(429);
      expect(eleventh.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await eleventh.text()).toContain(LIMITED);
      // The account's code step is locked for every browser it never passed from, a right code too
      // (refused before it is checked, so the code stays unused).
      expect((await codeStep(stranger, totp(owner.secret))).status).toBe(429);
      const another = await passwordStep(owner.account);
      expect((await codeStep(another, totp(owner.secret))).status).toBe(429);

      // Another member from the same address signs in, with a code and with a passkey.
      expect((await signInMember(other)).res.status).toBe(303);
      const withPasskey = members.find((m) => m.kind === "passkey");
      if (!withPasskey) throw new Error("no member with a passkey");
      expect((await signInMember(withPasskey)).res.status).toBe(303);

      // The owner's own browser still gets in; its own budget is bounded the same way.
      const back = await signInMember(owner, device);
      expect(back.res.status).toBe(303);
      expect((await get(server, "/journals", back.cookie)).status).toBe(200);
      const again = await guesses(owner, 10, device);
      expect((await codeStep(again, totp(owner.secret))).status).toBe(429);
    },
    10 * MINUTES,
  );

  it(
    "takes a member's first enrolment code after many sign-ins from the same address",
    async () => {
      const withPasskeys = members.filter((m) => m.kind === "passkey").slice(0, 12);
      for (const member of withPasskeys) expect((await signInMember(member)).res.status).toBe(303);
      const newcomer = await createAccount(server, "member", "Nadia Nowak");
      const { cookie } = await signIn(server, newcomer.username, newcomer.password);
      const started = await post(server, "/profile/two-factor", cookie, {
        intent: "start",
        password: newcomer.password,
      });
      const secret = (await started.text()).match(/>([A-Z2-7]{16,})<\/code>/)?.[1];
      if (!secret) throw new Error("no secret on the enrolment page");
      const confirm = await post(server, "/profile/two-factor", cookie, {
        intent: "confirm",
        code: await unusedTotp(secret),
      });
      expect(confirm.status).toBe(303);
      expect(confirm.headers.get("location")).toBe("/profile?done=two-factor-on#two-factor");
    },
    10 * MINUTES,
  );
});
