import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { greetingFor, hourIn } from "../../app/lib/dates";
import { profiles, rateLimits, sessions, users } from "../../db/schema";
import { cookiesOf, createAccount, get, post, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { fieldMessages, textOfId } from "../support/field-messages";
import { postForm, startTestServer, type TestServer } from "../support/server";

const INVALID = "Invalid credentials. Please check your email/username and password.";
const TOO_MANY = "Too many sign-in attempts. Please wait 15 minutes and try again.";
/** SPEC.md's member paths that exist so far; issue 4 adds the rest to this list. */
const MEMBER_PATHS = [
  "/dashboard",
  "/profile",
  "/profile/export",
  "/journals",
  "/preparation-guide",
  "/meditations",
  "/resources",
  "/help",
];

describeEachBackend("signing in over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Maya Rivers");
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  it("signs in by email or username with a database session and a HttpOnly, SameSite=Lax cookie", async () => {
    for (const identifier of [member.email.toUpperCase(), member.username]) {
      const { res, cookie } = await signIn(server, identifier, member.password);
      // Without JavaScript: straight on to the dashboard (redirect after post).
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/dashboard");
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("sacred.session_token="));
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Path=\//);
      const dashboard = await get(server, "/dashboard", cookie);
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toMatch(/Good (Morning|Afternoon|Evening)/);
    }
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it("answers an unknown account and a wrong password alike, in a similar time", async () => {
    const time = async (identifier: string) => {
      await server.database.db.delete(rateLimits); // this test measures time, not the limits
      const started = performance.now();
      const res = await postForm(server, "/sacred-access", {
        emailOrUsername: identifier,
        password: "not-the-password",
      });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(401);
      expect(await res.text()).toContain(INVALID);
      expect(res.headers.getSetCookie()).toEqual([]);
      return elapsed;
    };
    await time(member.username); // warm-up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(member.username));
      unknown.push(await time(`nobody-${i}@example.org`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    // Both run argon2id; without the dummy hash an unknown account would answer in a few
    // milliseconds (a ratio near 0). Medians keep a busy test machine from deciding the result.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it("checks the fields with SPEC.md's messages before looking anything up", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ emailOrUsername: "  ", password: "secret1" }, "Please enter your email or username", "emailOrUsername"],
      [{ emailOrUsername: "maya", password: "" }, "Please enter your password", "password"],
      [{ emailOrUsername: "maya", password: "12345" }, "Password must be at least 6 characters long", "password"],
      [
        { emailOrUsername: "m".repeat(255), password: "secret1" },
        "An email or username has at most 254 characters",
        "emailOrUsername",
      ],
      // Longer than any password can be: simply not the password (no limit to probe).
      [{ emailOrUsername: "maya", password: "p".repeat(129) }, INVALID, "password"],
    ];
    for (const [fields, message, field] of cases) {
      const res = await postForm(server, "/sacred-access", fields);
      expect(res.status, message).toBe(400);
      const html = await res.text();
      // The one alert holds the message, and the field it is about points at it (no JavaScript needed).
      expect(textOfId(html, "sign-in-alert"), message).toBe(message);
      expect(fieldMessages(html, field), message).toEqual([message]);
      // What was typed stays, except the password, which is never written back into the page.
      if (fields.emailOrUsername === "maya") expect(html).toContain('value="maya"');
      if (fields.password) expect(html).not.toContain(`value="${fields.password}"`);
    }
    const wrong = await postForm(server, "/sacred-access", { emailOrUsername: "maya", password: "not-the-one" });
    expect(wrong.status).toBe(401);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(INVALID);
    expect(wrongPage).not.toContain("not-the-one");
  });

  it("sends a signed-in visitor on to the dashboard, or to the same-site page they came from", async () => {
    const { cookie } = await signIn(server, member.username, member.password);
    const res = await get(server, "/sacred-access", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await get(server, "/services?redirectTo=%2Fprofile", cookie)).headers.get("location")).toBe("/profile");
    for (const hostile of ["//evil.example/", "/\\evil.example", "https://evil.example/"]) {
      const to = await get(server, `/sacred-access?redirectTo=${encodeURIComponent(hostile)}`, cookie);
      expect(to.headers.get("location")).toBe("/dashboard");
    }
  });

  it("sends anonymous visitors of every member path to sign in and back; member pages are private, no-store", async () => {
    for (const path of MEMBER_PATHS) {
      const res = await get(server, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/sacred-access?redirectTo=${encodeURIComponent(path)}`);
    }
    const { cookie } = await signIn(server, member.username, member.password);
    for (const path of MEMBER_PATHS) {
      const res = await get(server, path, cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("ends the session on the server at sign-out", async () => {
    const { cookie } = await signIn(server, member.username, member.password);
    const before = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    const out = await post(server, "/sign-out", cookie, {});
    expect(out.status).toBe(302);
    // No session cookie is left; the browser stays known to the account (a guessing budget, no access).
    const left = cookiesOf(out, cookie)
      .split("; ")
      .filter((c) => c && !c.startsWith("sacred.known_device="));
    expect(left).toEqual([]);
    const after = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(after.length).toBe(before.length - 1);
    // The old cookie, replayed, opens nothing.
    expect((await get(server, "/dashboard", cookie)).status).toBe(302);
  });

  it("ends a session unused for 7 days, and any session after 30 days", async () => {
    const idle = await signIn(server, member.username, member.password);
    const lasting = await signIn(server, member.username, member.password);
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const [idleRow] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(idle.cookie)));
    const [lastingRow] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(lasting.cookie)));
    expect(idleRow && lastingRow).toBeTruthy();
    const day = 86_400_000;
    await server.database.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 8 * day) })
      .where(eq(sessions.id, idleRow?.id ?? ""));
    await server.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * day), updatedAt: new Date() })
      .where(eq(sessions.id, lastingRow?.id ?? ""));
    expect((await get(server, "/dashboard", idle.cookie)).status).toBe(302);
    expect((await get(server, "/dashboard", lasting.cookie)).status).toBe(302);
    const left = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left.map((r) => r.id)).not.toContain(idleRow?.id);
    expect(left.map((r) => r.id)).not.toContain(lastingRow?.id);
  });

  it("opens a session only with the cookie's own signature, and lets better-auth renew and end sessions", async () => {
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const { cookie } = await signIn(server, member.username, member.password);
    const token = tokenOf(cookie);
    const name = cookie.split("=")[0];
    const signature = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[1] ?? "";
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    // A stolen row's token is not a cookie: without our signature, or with a changed one, nothing opens.
    for (const forged of [token, `${token}.${flipped}`, `${token}.${"A".repeat(43)}=`]) {
      const res = await get(server, "/dashboard", `${name}=${encodeURIComponent(forged)}`);
      expect(res.status).toBe(302);
    }
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);

    // A session last renewed over a day ago is renewed on use (better-auth's refresh, a new expiry).
    const day = 86_400_000;
    const old = new Date(Date.now() - 2 * day);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(old.getTime() + 30 * day), updatedAt: old })
      .where(eq(sessions.token, token));
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);
    const [renewed] = await server.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    expect(renewed?.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A row past its expiry opens nothing and is removed.
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect((await get(server, "/dashboard", cookie)).status).toBe(302);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  it("knows the member's time zone from the session read, on both paths", async () => {
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const greetingIn = (zone: string) => greetingFor(hourIn(zone));
    // A zone whose greeting differs from the default's at this hour, so the page shows which it used.
    const zone = ["Asia/Tokyo", "Europe/Warsaw", "Pacific/Kiritimati"].find(
      (z) => greetingIn(z) !== greetingIn("America/New_York"),
    ) as string;
    const someone = await createAccount(server, "member", "Zofia Łukasiewicz");
    await server.database.db.update(profiles).set({ timezone: zone }).where(eq(profiles.userId, someone.id));
    const { cookie } = await signIn(server, someone.username, someone.password);
    const greeting = async () => {
      const html = await (await get(server, "/dashboard", cookie)).text();
      return html.match(/Good (Morning|Afternoon|Evening)/)?.[0];
    };
    expect(await greeting()).toBe(greetingIn(zone));
    // better-auth's path (a renewal due): the same zone.
    const day = 86_400_000;
    const old = new Date(Date.now() - 2 * day);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(old.getTime() + 30 * day), updatedAt: old })
      .where(eq(sessions.token, tokenOf(cookie)));
    expect(await greeting()).toBe(greetingIn(zone));
    const [renewed] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(cookie)));
    expect(renewed?.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // A member without a profile row: SPEC.md's default zone.
    await server.database.db.delete(profiles).where(eq(profiles.userId, someone.id));
    expect(await greeting()).toBe(greetingIn("America/New_York"));
  });

  it("refuses a cross-site sign-in or sign-out POST", async () => {
    const { cookie } = await signIn(server, member.username, member.password);
    const forged = await postForm(server, "/sign-out", {}, { Origin: "https://evil.example", cookie });
    expect(forged.status).toBe(403);
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);
  });

  it("limits attempts per connection with 429 and a clear message", async () => {
    for (let i = 0; i < 30; i++) {
      await postForm(server, "/sacred-access", { emailOrUsername: `someone-${i}@example.org`, password: "wrong-one" });
    }
    const byIp = await postForm(server, "/sacred-access", {
      emailOrUsername: member.username,
      password: member.password,
    });
    expect(byIp.status).toBe(429);
    expect(byIp.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await byIp.text()).toContain(TOO_MANY);
  });

  it("refuses a disabled account with the usual answer", async () => {
    const other = await createAccount(server);
    await server.database.db.update(users).set({ banned: true }).where(eq(users.id, other.id));
    const { res } = await signIn(server, other.username, other.password);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(INVALID);
  });
});

describeEachBackend("session cookie in production", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { SITE_URL: "https://sacred.example" });
  });
  afterAll(() => server.close());

  it("is __Host- prefixed and Secure on an https site", async () => {
    const member = await createAccount(server);
    const { res } = await signIn(server, member.username, member.password);
    const setCookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(setCookie).toMatch(/^__Host-sacred\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
  });
});

/**
 * docs/decisions/007-guessing-and-lock-outs.md: failures only, per account (whatever name was
 * typed) and client address, under a per-account ceiling. The clients' addresses come from
 * X-Forwarded-For behind one trusted proxy.
 */
describeEachBackend("guessing passwords over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: "true" });
    member = await createAccount(server, "member", "Maya Rivers");
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const attempt = (from: string, identifier: string, password: string) =>
    postForm(server, "/sacred-access", { emailOrUsername: identifier, password }, { "X-Forwarded-For": from });

  it("counts the username and the email of one account as one budget, from one address", async () => {
    for (const identifier of [
      member.username,
      member.email,
      member.username,
      member.email.toUpperCase(),
      member.username,
    ]) {
      expect((await attempt("203.0.113.1", identifier, "wrong-one")).status).toBe(401);
    }
    const limited = await attempt("203.0.113.1", member.email, member.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain(TOO_MANY);
  });

  it("does not let a stranger lock a member out: the member's own address keeps its budget", async () => {
    for (let i = 0; i < 16; i++) await attempt("198.51.100.66", member.username, `guess-${i}-wrong`);
    expect((await attempt("198.51.100.66", member.username, member.password)).status).toBe(429);
    expect((await attempt("203.0.113.1", member.username, member.password)).status).toBe(303);
  });

  it("does not spend the budget on successful sign-ins", async () => {
    for (let i = 0; i < 8; i++)
      expect((await attempt("203.0.113.2", member.username, member.password)).status).toBe(303);
    for (let i = 0; i < 4; i++) expect((await attempt("203.0.113.2", member.username, "wrong-one")).status).toBe(401);
    expect((await attempt("203.0.113.2", member.username, member.password)).status).toBe(303);
  });

  it("stops guessing spread over many addresses at the account's ceiling of 100 failures an hour", async () => {
    for (let i = 0; i < 100; i++) {
      const res = await attempt(`192.0.2.${Math.floor(i / 5)}`, member.username, `spread-${i}`);
      expect(res.status).toBe(401);
    }
    expect((await attempt("192.0.2.200", member.username, member.password)).status).toBe(429);
    // Other accounts are not affected.
    const other = await createAccount(server);
    expect((await attempt("192.0.2.200", other.username, other.password)).status).toBe(303);
  });
});
