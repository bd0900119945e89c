import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { accessRequests, auditLog, invitations, mailOutbox, rateLimits, sessions, users } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("the Temple Keeper console over HTTP", (backend) => {
  let server: TestServer;
  let keeper: TestAccount;
  let admin: TestAccount;
  let keeperCookie: string;
  let adminCookie: string;
  let keeperSecret: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    admin = await createAccount(server, "admin", "Adrian Steward");
    ({ cookie: keeperCookie, secret: keeperSecret } = await signInStaff(server, keeper));
    ({ cookie: adminCookie } = await signInStaff(server, admin));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const newRequest = async (name: string, email: string) => {
    await server.database.db.delete(rateLimits);
    const res = await postForm(server, "/request-access", { name, email, reason: "I seek a guided path." });
    expect(res.status).toBe(303);
    const [row] = await server.database.db.select().from(accessRequests).where(eq(accessRequests.email, email));
    if (!row) throw new Error("request not stored");
    return row;
  };

  it("is shut to visitors and members, and to staff until two-factor is on", async () => {
    expect((await get(server, "/console")).headers.get("location")).toBe("/sacred-access?redirectTo=%2Fconsole");
    const member = await createAccount(server);
    const { cookie } = await signIn(server, member.username, member.password);
    for (const path of ["/console", "/console/requests", "/console/members", "/console/outbox", "/console/audit"]) {
      expect((await get(server, path, cookie)).status, path).toBe(403);
    }
    // A member's two-factor page is under their profile.
    expect((await get(server, "/console/two-factor", cookie)).headers.get("location")).toBe("/profile/two-factor");
    const fresh = await createAccount(server, "keeper");
    const staff = await signIn(server, fresh.username, fresh.password);
    const res = await get(server, "/console/requests", staff.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/console/two-factor");
  });

  it("asks enrolled staff for a TOTP or recovery code at sign-in, and logs staff sign-ins", async () => {
    const first = await signIn(server, keeper.username, keeper.password);
    expect(first.res.status).toBe(303);
    expect(first.res.headers.get("location")).toBe("/sacred-access/two-factor?redirectTo=%2Fdashboard");
    expect((await get(server, "/console", first.cookie)).status).toBe(302); // no session yet
    const wrong = await post(server, "/sacred-access/two-factor", first.cookie, { code: "000000" });
    expect(wrong.status).toBe(401);
    const again = await signInStaff(server, keeper, keeperSecret);
    expect((await get(server, "/console", again.cookie)).status).toBe(200);
    const signIns = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "staff.sign-in"));
    expect(signIns.some((e) => e.actorId === keeper.id && e.detail?.method === "password+totp")).toBe(true);
  });

  it("accepts each recovery code once in place of a TOTP code", async () => {
    const fresh = await createAccount(server, "keeper", "Recovery Keeper");
    const first = await signIn(server, fresh.username, fresh.password);
    const start = await post(server, "/console/two-factor", first.cookie, {
      intent: "start",
      password: fresh.password,
    });
    const html = await start.text();
    const codes = [...html.matchAll(/<li>([A-Za-z0-9-]{8,})<\/li>/g)].map((m) => m[1] as string);
    expect(codes).toHaveLength(10);
    await signInStaff(server, fresh, undefined, html);
    const pending = await signIn(server, fresh.username, fresh.password);
    const ok = await post(server, "/sacred-access/two-factor", pending.cookie, {
      code: codes[0] as string,
      redirectTo: "/console",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/console");
    const again = await signIn(server, fresh.username, fresh.password);
    const reused = await post(server, "/sacred-access/two-factor", again.cookie, { code: codes[0] as string });
    expect(reused.status).toBe(401);
  });

  it("approves a request: account, single-use 7-day invitation, who and when, audit", async () => {
    const request = await newRequest("Lena Hart", "lena@example.org");
    const list = await get(server, "/console/requests?status=new", keeperCookie);
    expect(await list.text()).toContain("Lena Hart");
    const decided = await post(server, `/console/requests/${request.id}`, keeperCookie, {
      decision: "approve",
      message: "We look forward to meeting you.",
    });
    // Without JavaScript: redirect after post, to the request saying what was done.
    expect(decided.status).toBe(303);
    expect(decided.headers.get("location")).toBe(`/console/requests/${request.id}?done=approved`);
    const landed = await (await get(server, `/console/requests/${request.id}?done=approved`, keeperCookie)).text();
    expect(landed).toContain("Request approved");
    const [row] = await server.database.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(row).toMatchObject({ status: "approved", decidedById: keeper.id, decidedByName: "Elena Keeper" });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "lena@example.org"));
    expect(user).toMatchObject({ role: "member", username: null });
    const [invite] = await server.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.userId, user?.id ?? ""));
    const days = ((invite?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "access.invitation"));
    expect(mail?.toAddress).toBe("lena@example.org");
    expect(mail?.textBody).toContain("We look forward to meeting you.");
    const link = mail?.textBody.match(/\/welcome\/[A-Za-z0-9_-]+/)?.[0] as string;
    expect(JSON.stringify(await server.database.db.select().from(invitations))).not.toContain(link.split("/").pop());

    // A second decision is refused.
    const twice = await post(server, `/console/requests/${request.id}`, keeperCookie, { decision: "decline" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Another keeper has already decided this request.");

    // The invitation: username and password, then signed in; the link works once.
    expect(await (await get(server, link)).text()).toContain("Welcome, Lena Hart");
    const weak = await postForm(server, link, { username: "lena", password: "12345678", confirmPassword: "12345678" });
    expect(await weak.text()).toContain("This password is too common");
    const badName = await postForm(server, link, {
      username: "l",
      password: "morning-dew-path",
      confirmPassword: "morning-dew-path",
    });
    expect(await badName.text()).toContain("Username must be 3 to 30 characters");
    const taken = await postForm(server, link, {
      username: keeper.username,
      password: "morning-dew-path",
      confirmPassword: "morning-dew-path",
    });
    expect(await taken.text()).toContain("That username is taken");
    const accepted = await postForm(server, link, {
      username: "Lena.Hart",
      password: "morning-dew-path",
      confirmPassword: "morning-dew-path",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/dashboard");
    expect((await signIn(server, "lena.hart", "morning-dew-path")).res.status).toBe(303);
    const reused = await postForm(server, link, {
      username: "lena2",
      password: "morning-dew-path",
      confirmPassword: "morning-dew-path",
    });
    expect(reused.status).toBe(410);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "access-request.approved"));
    expect(audit[0]).toMatchObject({ actorId: keeper.id, subjectUserId: user?.id });
  });

  it("declines kindly by email and creates no account", async () => {
    const request = await newRequest("Tom Vale", "tom@example.org");
    const res = await post(server, `/console/requests/${request.id}`, keeperCookie, {
      decision: "decline",
      message: "",
    });
    expect(res.status).toBe(303);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "access.declined"));
    expect(mail?.toAddress).toBe("tom@example.org");
    expect(mail?.textBody).toContain("This is not a judgement of your path.");
    expect(await server.database.db.select().from(users).where(eq(users.email, "tom@example.org"))).toHaveLength(0);
    const declined = await get(server, "/console/requests?status=declined", keeperCookie);
    expect(await declined.text()).toContain("Tom Vale");
  });

  it("lets only admins change roles; a role change ends the person's sessions and is audited", async () => {
    const person = await createAccount(server, "member", "Role Person");
    const session = await signIn(server, person.username, person.password);
    // The member page counts the person's own live sessions (one, not always 0).
    await signIn(server, person.username, person.password);
    expect(await (await get(server, `/console/members/${person.id}`, keeperCookie)).text()).toContain(
      "2 active sessions",
    );
    const byKeeper = await post(server, `/console/members/${person.id}`, keeperCookie, {
      intent: "role",
      role: "admin",
    });
    expect(byKeeper.status).toBe(403);
    expect((await server.database.db.select().from(users).where(eq(users.id, person.id)))[0]?.role).toBe("member");
    const byAdmin = await post(server, `/console/members/${person.id}`, adminCookie, {
      intent: "role",
      role: "keeper",
    });
    expect(byAdmin.status).toBe(303);
    expect(byAdmin.headers.get("location")).toBe(`/console/members/${person.id}?done=role`);
    expect(await (await get(server, `/console/members/${person.id}?done=role`, adminCookie)).text()).toContain(
      "Role changed",
    );
    expect((await server.database.db.select().from(users).where(eq(users.id, person.id)))[0]?.role).toBe("keeper");
    expect((await get(server, "/dashboard", session.cookie)).status).toBe(302);
    const self = await post(server, `/console/members/${admin.id}`, adminCookie, { intent: "role", role: "member" });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("You may not make this change.");
    const unknown = await post(server, `/console/members/${person.id}`, adminCookie, { intent: "role", role: "king" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose one of the roles.");
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "member.role-changed"));
    expect(entry).toMatchObject({
      actorId: admin.id,
      subjectUserId: person.id,
      detail: { from: "member", to: "keeper" },
    });
  });

  it("disables an account at once (sessions end); keepers cannot disable staff", async () => {
    const person = await createAccount(server);
    const session = await signIn(server, person.username, person.password);
    expect((await post(server, `/console/members/${person.id}`, keeperCookie, { intent: "disable" })).status).toBe(303);
    expect((await get(server, "/dashboard", session.cookie)).status).toBe(302);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(0);
    expect((await signIn(server, person.username, person.password)).res.status).toBe(401);
    expect((await post(server, `/console/members/${admin.id}`, keeperCookie, { intent: "disable" })).status).toBe(403);
    const search = await get(server, `/console/members?q=${encodeURIComponent(person.email)}`, keeperCookie);
    expect(await search.text()).toContain(person.name);
  });

  it("shows the outbox and audit log to admins only, without email bodies, and resends", async () => {
    expect((await get(server, "/console/outbox", keeperCookie)).status).toBe(403);
    expect((await get(server, "/console/audit", keeperCookie)).status).toBe(403);
    const outbox = await get(server, "/console/outbox", adminCookie);
    expect(outbox.status).toBe(200);
    const html = await outbox.text();
    expect(html).toContain("Your invitation to the member area");
    expect(html).not.toMatch(/\/welcome\/[A-Za-z0-9_-]{20,}/);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "access.invitation"));
    await server.database.db
      .update(mailOutbox)
      .set({ status: "failed", attempts: 8 })
      .where(eq(mailOutbox.id, mail?.id ?? 0));
    const resent = await post(server, "/console/outbox", adminCookie, { id: String(mail?.id) });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("location")).toBe("/console/outbox?done=resent");
    expect(await (await get(server, "/console/outbox?done=resent", adminCookie)).text()).toContain(
      "Email queued to send again",
    );
    const [after] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail?.id ?? 0));
    expect(after).toMatchObject({ status: "pending", attempts: 0 });
    expect(await (await get(server, "/console/audit", adminCookie)).text()).toContain("outbox.resent");

    // Each entry names the person it concerns, and the log filters by person and by action.
    const entries = async (query: string) => {
      const html = await (await get(server, `/console/audit${query}`, adminCookie)).text();
      return { html, rows: html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>")) };
    };
    const [rolePerson] = await server.database.db.select().from(users).where(eq(users.name, "Role Person"));
    const roles = await entries("?action=member.role-changed");
    expect(roles.rows).toContain(`href="/console/audit?action=member.role-changed&amp;person=${rolePerson?.id}"`);
    expect(roles.rows).toContain(">Role Person</a>");
    expect(roles.rows).not.toContain("outbox.resent");
    const theirs = await entries(`?person=${rolePerson?.id}`);
    expect(theirs.html).toContain("Entries by or about Role Person.");
    expect(theirs.rows).toContain("member.role-changed");
    expect(theirs.rows).not.toContain("outbox.resent");
    expect(theirs.rows).not.toContain("staff.sign-in");
    // An unknown person filters nothing out (and names no one).
    expect((await entries("?person=nobody")).rows).toContain("outbox.resent");
  });

  it("applies a decision posted twice with the same one-time key once, with the first answer", async () => {
    const request = await newRequest("Twice Posted", "twice@example.org");
    const key = "11111111-2222-4333-8444-555555555555";
    const first = await post(server, `/console/requests/${request.id}`, keeperCookie, {
      decision: "approve",
      _key: key,
    });
    const again = await post(server, `/console/requests/${request.id}`, keeperCookie, {
      decision: "approve",
      _key: key,
    });
    expect(first.status).toBe(303);
    // A lost answer resent: the first answer again, not "already decided".
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const invites = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "twice@example.org"));
    expect(invites.filter((m) => m.kind === "access.invitation")).toHaveLength(1);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "access-request.approved"));
    expect(audits.filter((a) => a.detail?.accessRequestId === request.id)).toHaveLength(1);

    // The same for a member's account and the outbox: one change, one audit entry.
    const person = await createAccount(server);
    const disableKey = "aaaaaaaa-2222-4333-8444-555555555555";
    for (let i = 0; i < 2; i++) {
      const res = await post(server, `/console/members/${person.id}`, keeperCookie, {
        intent: "disable",
        _key: disableKey,
      });
      expect(res.status).toBe(303);
    }
    const disabled = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "member.disabled"));
    expect(disabled.filter((a) => a.subjectUserId === person.id)).toHaveLength(1);
  });

  it("keeps what was typed after an error, with the message, and decides nothing", async () => {
    const request = await newRequest("Long Message", "long@example.org");
    const typed = `Welcome, friend. ${"x".repeat(2001)}`;
    const res = await post(server, `/console/requests/${request.id}`, keeperCookie, {
      decision: "approve",
      message: typed,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please keep the message under 2000 characters.");
    expect(html).toContain(`${typed}</textarea>`);
    const none = await post(server, `/console/requests/${request.id}`, keeperCookie, { decision: "maybe" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose approve or decline.");
    const [row] = await server.database.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(row?.status).toBe("new");
    const badResend = await post(server, "/console/outbox", adminCookie, { id: "99999999999999999999" });
    expect(badResend.status).toBe(400);
    expect(await badResend.text()).toContain("Unknown email.");
  });

  it("refuses a cross-site decision", async () => {
    const request = await newRequest("Cross Site", "cross@example.org");
    const forged = await postForm(
      server,
      `/console/requests/${request.id}`,
      { decision: "approve" },
      { Origin: "https://evil.example", cookie: keeperCookie },
    );
    expect(forged.status).toBe(403);
    const [row] = await server.database.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(row?.status).toBe("new");
  });
});
