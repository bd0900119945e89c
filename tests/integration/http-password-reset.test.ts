import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { mailOutbox, rateLimits, sessions, users, verifications } from "../../db/schema";
import { createAccount, get, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("forgot and reset password over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
    await server.database.db.delete(mailOutbox);
  });

  const resetLink = async () => {
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "account.reset-password"));
    const path = mail?.textBody.match(/\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    if (!path) throw new Error("no reset link in the outbox");
    return { mail, path };
  };

  it("answers the same for a member and an unknown address; only the member gets a link", async () => {
    const known = await postForm(server, "/forgot-password", { email: member.email.toUpperCase() });
    const unknown = await postForm(server, "/forgot-password", { email: "nobody@example.org" });
    // Without JavaScript: a redirect to the same "Check Your Email" page for both.
    expect(known.status).toBe(303);
    expect(unknown.status).toBe(303);
    expect(known.headers.get("location")).toBe("/forgot-password?done=sent");
    expect(unknown.headers.get("location")).toBe("/forgot-password?done=sent");
    const landed = await (await get(server, "/forgot-password?done=sent")).text();
    expect(landed).toContain("Check Your Email");
    expect(landed).toContain("Try Different Email");
    const mails = await server.database.db.select().from(mailOutbox);
    expect(mails.map((m) => m.toAddress)).toEqual([member.email]);
    const { mail } = await resetLink();
    expect(mail?.textBody).toContain("24 hours");
  });

  it("validates the address with SPEC.md's messages", async () => {
    for (const [email, message] of [
      ["", "Please enter your email address"],
      ["maya@example", "Please enter a valid email address"],
      ["maya @example.org", "Please enter a valid email address"],
    ] as const) {
      const res = await postForm(server, "/forgot-password", { email });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      // What was typed stays in the field.
      if (email) expect(html).toContain(`value="${email}"`);
    }
  });

  it("sets the new password once, ends every other session, signs this browser in and tells the address", async () => {
    await server.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, member.id));
    const elsewhere = await signIn(server, member.username, member.password);
    await postForm(server, "/forgot-password", { email: member.email });
    const { path } = await resetLink();
    expect((await get(server, path)).status).toBe(200);

    for (const [fields, message] of [
      [{ password: "short", confirmPassword: "short" }, "Your new password must be 8 to 128 characters long"],
      [{ password: "password123", confirmPassword: "password123" }, "This password is too common"],
      [{ password: "a-long-new-secret", confirmPassword: "another-one" }, "The two passwords do not match"],
    ] as const) {
      const res = await postForm(server, path, fields);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      // A password is never written back into the page.
      expect(html).not.toContain(`value="${fields.password}"`);
    }

    const newPassword = "river-stone-evening-light";
    const done = await postForm(server, path, { password: newPassword, confirmPassword: newPassword });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/dashboard");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("sacred.session_token="))).toBe(true);
    // The other browser is signed out; the link is used up; the new password works.
    expect((await get(server, "/dashboard", elsewhere.cookie)).status).toBe(302);
    const again = await postForm(server, path, {
      password: "yet-another-secret",
      confirmPassword: "yet-another-secret",
    });
    expect(again.status).toBe(410);
    expect(await (await get(server, path)).text()).toContain("This link has expired");
    expect((await signIn(server, member.username, newPassword)).res.status).toBe(303);
    expect((await signIn(server, member.username, member.password)).res.status).toBe(401);
    member.password = newPassword;
    const live = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(live.length).toBe(2); // the reset's own session and the sign-in just above
    // The link reached the address: it is proven now, and it is told of the reset.
    const [user] = await server.database.db.select().from(users).where(eq(users.id, member.id));
    expect(user?.emailVerified).toBe(true);
    const notices = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "account.password-changed"));
    expect(notices.map((n) => n.toAddress)).toEqual([member.email]);
    expect(notices[0]?.textBody).toContain("Your password was reset");
  });

  it("refuses a link older than 24 hours", async () => {
    await postForm(server, "/forgot-password", { email: member.email });
    const { path } = await resetLink();
    await server.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await (await get(server, path)).text()).toContain("This link has expired");
    const res = await postForm(server, path, { password: "fresh-secret-words", confirmPassword: "fresh-secret-words" });
    expect(res.status).toBe(410);
  });

  it("stores reset tokens hashed, never as sent", async () => {
    await postForm(server, "/forgot-password", { email: member.email });
    const { path } = await resetLink();
    const token = path.split("/").pop() as string;
    const rows = await server.database.db.select().from(verifications);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("limits requests per connection with 429", async () => {
    for (let i = 0; i < 5; i++)
      expect((await postForm(server, "/forgot-password", { email: `x${i}@example.org` })).status).toBe(303);
    const res = await postForm(server, "/forgot-password", { email: member.email });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.text()).toContain("Unable to send reset instructions. Please try again.");
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(0);
  });
});
