import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { contactMessages, mailOutbox, newsletterSubscribers, rateLimits } from "../../db/schema";
import { createAccount, post, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { fieldMessages } from "../support/field-messages";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("contact and newsletter over HTTP", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(contactMessages);
    await db.delete(mailOutbox);
    await db.delete(newsletterSubscribers);
  });

  const valid = {
    name: "Maya Rivers",
    email: "Maya@Example.org ",
    message: "I would like to learn about preparation.",
  };

  it("stores a contact message and notifies the staff address through the outbox", async () => {
    const res = await postForm(server, "/contact", valid);
    // Without JavaScript: redirect after post, to a page that says it arrived.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?done=sent");
    const landed = await (await fetch(`${server.url}/contact?done=sent`)).text();
    expect(landed).toContain("Thank you for reaching out.");
    const rows = await server.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Maya Rivers", email: "maya@example.org" });
    const mail = await server.database.db.select().from(mailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: "contact.notify", toAddress: "keepers@example.org", status: "pending" });
    // The keepers' email links to the console inbox and carries nothing of the message.
    expect(mail[0]?.subject).toBe(`A contact message waits for a keeper (#${rows[0]?.id})`);
    expect(mail[0]?.textBody).toContain(`/console/inbox/${rows[0]?.id}`);
    expect(mail[0]?.textBody).not.toContain("I would like to learn about preparation.");
    expect(mail[0]?.textBody).not.toContain("Maya Rivers");
  });

  it("refuses missing fields with the spec's message and stores nothing", async () => {
    const res = await postForm(server, "/contact", { name: "  ", email: "a@example.org", message: "Hi" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Missing Required Fields");
    expect(html).toContain("Please fill in all required fields.");
    // And without JavaScript the empty field itself says so, for a screen reader on it too.
    expect(fieldMessages(html, "name")).toEqual(["Please enter your name."]);
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("refuses an invalid email with the spec's message", async () => {
    const res = await postForm(server, "/contact", { ...valid, email: "maya at example" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address");
    // What was typed comes back in the form.
    expect(html).toContain('value="Maya Rivers"');
    expect(html).toContain("I would like to learn about preparation.</textarea>");
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("puts nothing a sender typed into the staff email, so hostile text cannot reach it", async () => {
    await postForm(server, "/contact", { ...valid, name: "<b>Eve</b>", message: '<script>alert("x")</script>' });
    const [mail] = await server.database.db.select().from(mailOutbox);
    expect(mail?.htmlBody).not.toContain("<script>");
    expect(mail?.htmlBody).not.toContain("alert");
    expect(mail?.htmlBody).not.toContain("Eve");
  });

  it("quietly drops honeypot submissions", async () => {
    const res = await postForm(server, "/contact", { ...valid, website: "http://spam.example" });
    expect(res.status).toBe(303);
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("limits contact messages per IP with 429 and a clear message", async () => {
    for (let i = 0; i < 5; i++) expect((await postForm(server, "/contact", valid)).status).toBe(303);
    const res = await postForm(server, "/contact", valid);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.text()).toContain("Please wait an hour before writing again.");
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(5);
  });

  it("rejects an invalid newsletter email with the spec's message", async () => {
    for (const email of ["", "no-at-sign.org", "a b@example.org", "a@nodot"]) {
      const res = await postForm(server, "/newsletter", { email });
      expect(res.status, email).toBe(400);
      const html = await res.text();
      expect(html).toContain("Please enter a valid email address.");
      // A page, not raw JSON, with the address kept.
      expect(html).toContain("<!DOCTYPE html>");
      if (email) expect(html).toContain(`value="${email}"`);
    }
    expect(await server.database.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it("runs double opt-in: pending, confirmation email, confirm by POST, welcome with one-click unsubscribe", async () => {
    const res = await postForm(server, "/newsletter", { email: "Seeker@Example.org" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/newsletter?done=joined");
    expect(await (await fetch(`${server.url}/newsletter?done=joined`)).text()).toContain(
      "Please confirm from the email",
    );
    const [sub] = await server.database.db.select().from(newsletterSubscribers);
    expect(sub).toMatchObject({ email: "seeker@example.org", status: "pending" });
    const [confirmMail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "newsletter.confirm"));
    const confirmPath = confirmMail?.textBody.match(/\/newsletter\/confirm\/[A-Za-z0-9_-]+/)?.[0];
    expect(confirmPath).toBeDefined();

    // Opening the link (GET, as mail scanners do) changes nothing.
    expect((await fetch(`${server.url}${confirmPath}`)).status).toBe(200);
    expect((await server.database.db.select().from(newsletterSubscribers))[0]?.status).toBe("pending");

    const confirmed = await postForm(server, confirmPath as string, {});
    // Redirect after post: the link is used up, so the landing page is one a reload cannot spoil.
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/newsletter?done=confirmed");
    const landed = await (await fetch(`${server.url}/newsletter?done=confirmed`)).text();
    expect(landed).toContain("Welcome to our sacred circle");
    expect(landed).toContain("one-click unsubscribe");
    expect((await server.database.db.select().from(newsletterSubscribers))[0]?.status).toBe("confirmed");

    // A used link does not work twice.
    expect((await postForm(server, confirmPath as string, {})).status).toBe(410);

    const [welcome] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "newsletter.welcome"));
    expect(welcome?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = welcome?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "";
    const unsubscribePath = new URL(unsubscribeUrl).pathname;
    expect(welcome?.textBody).toContain(unsubscribePath);

    // RFC 8058: the mail provider POSTs from its own servers, without Origin.
    const oneClick = await fetch(`${server.url}${unsubscribePath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await server.database.db.select().from(newsletterSubscribers))[0]?.status).toBe("unsubscribed");
  });

  it("answers a second sign-up the same way and sends nothing new to a confirmed address", async () => {
    const first = await postForm(server, "/newsletter", { email: "twice@example.org" });
    await server.database.db
      .update(newsletterSubscribers)
      .set({ status: "confirmed" })
      .where(eq(newsletterSubscribers.email, "twice@example.org"));
    const second = await postForm(server, "/newsletter", { email: "twice@example.org" });
    const fresh = await postForm(server, "/newsletter", { email: "new@example.org" });
    expect([first.status, second.status, fresh.status]).toEqual([303, 303, 303]);
    const [a, b, c] = [first, second, fresh].map((res) => res.headers.get("location"));
    expect(a).toBe(b);
    expect(b).toBe(c);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "twice@example.org"));
    expect(mails).toHaveLength(1);
    expect(await server.database.db.select().from(newsletterSubscribers)).toHaveLength(2);
  });

  it("limits newsletter sign-ups with 429", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await postForm(server, "/newsletter", { email: `p${i}@example.org` });
    expect(last?.status).toBe(429);
    // Also on the page a browser without JavaScript gets.
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await last?.text()).toContain("Please try again later.");
  });

  it("quietly drops newsletter honeypot submissions", async () => {
    const res = await postForm(server, "/newsletter", { email: "bot@example.org", website: "x" });
    expect(res.status).toBe(303);
    expect(await server.database.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it("stores a form's submission once per one-time key: a resend gets the first answer", async () => {
    const key = "4f7c1f0e-2b1d-4c55-9a55-0c8f3b6f1a10";
    const sends = await Promise.all([1, 2, 3].map(() => postForm(server, "/contact", { ...valid, _key: key })));
    for (const res of sends) expect(res.headers.get("location")).toBe("/contact?done=sent");
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(1);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(1);
    // The same key with other words is another message: a page served from a cache (a CDN, the
    // browser's stale-while-revalidate) gives every visitor the same rendered key.
    const other = await postForm(server, "/contact", {
      ...valid,
      name: "Another Visitor",
      message: "A different question, from the same cached page.",
      _key: key,
    });
    expect(other.status).toBe(303);
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(2);

    const joinKey = "0b8e2f34-77aa-4c1e-b0c4-5d1e9a7c2f3b";
    await postForm(server, "/newsletter", { email: "once@example.org", _key: joinKey });
    await postForm(server, "/newsletter", { email: "once@example.org", _key: joinKey });
    expect(
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "once@example.org")),
    ).toHaveLength(1);

    // Another key is another message, even with the same words.
    await postForm(server, "/contact", { ...valid, _key: "9d3b8c1a-1111-4e2f-8a6b-7c5d4e3f2a1b" });
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(3);
  });

  it("answers a key only to the account that sent it: another sender's same key is another message", async () => {
    const key = "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d";
    const member = await createAccount(server);
    const { cookie } = await signIn(server, member.username, member.password);
    await post(server, "/contact", cookie, { ...valid, _key: key });
    // A visitor (or another account) who learned the key cannot read the member's answer or suppress a message.
    await postForm(server, "/contact", { ...valid, name: "Someone Else", _key: key });
    const rows = await server.database.db.select().from(contactMessages);
    expect(rows.map((r) => r.name).sort()).toEqual(["Maya Rivers", "Someone Else"]);
  });
});
