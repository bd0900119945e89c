import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, contactMessages, contactReplies, facilitatorShares, mailOutbox, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

/*
 * Issue 15's care loop over HTTP: whatever waits for a keeper tells them (an email with a link and
 * nothing of the content), is counted on the overview and the navigation, and the count falls when
 * the work is done; words of harm or danger show crisis lines at once and mark the item urgent; the
 * console inbox reads, answers by email and marks contact messages handled.
 */
const CRISIS_HEADING = "If you are in danger or thinking of harming yourself, please reach out now";

describeEachBackend("the care loop", (backend) => {
  let server: TestServer;
  let keeper: TestAccount;
  let keeperCookie: string;
  let member: TestAccount;
  let memberCookie: string;
  const db = () => server.database.db;
  const staffMails = async (kind: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(desc(mailOutbox.id));

  beforeAll(async () => {
    server = await startTestServer(backend);
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    member = await createAccount(server, "member", "Maya Rivers");
    ({ cookie: memberCookie } = await signIn(server, member.username, member.password));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });

  it("answers words of danger on the contact page with crisis lines, and marks the message urgent for keepers", async () => {
    const calm = await postForm(server, "/contact", {
      name: "Ana Calm",
      email: "ana@example.org",
      message: "When is the next preparation circle?",
    });
    expect(calm.headers.get("location")).toBe("/contact?done=sent");
    const urgent = await postForm(server, "/contact", {
      name: "Ben Hurting",
      email: "ben@example.org",
      message: "Since the ceremony I don't want to live any more.",
    });
    expect(urgent.headers.get("location")).toBe("/contact?done=care");
    const landed = await (await get(server, "/contact?done=care")).text();
    expect(landed).toContain(CRISIS_HEADING);
    expect(landed).toContain("call or text 988");
    expect(landed).toContain("623-473-7433");
    expect(await (await get(server, "/contact?done=sent")).text()).not.toContain(CRISIS_HEADING);

    const rows = await db().select().from(contactMessages).orderBy(contactMessages.id);
    expect(rows.map((r) => [r.name, r.urgent])).toEqual([
      ["Ana Calm", false],
      ["Ben Hurting", true],
    ]);
    const [latest] = await staffMails("contact.notify");
    expect(latest?.subject).toBe(`Urgent: A contact message waits for a keeper (#${rows[1]?.id})`);
    expect(latest?.textBody).toContain(`/console/inbox/${rows[1]?.id}`);
    expect(latest?.textBody).not.toContain("want to live");
    expect(latest?.textBody).not.toContain("Ben");
  });

  it("counts waiting work on the overview and the navigation; the inbox puts urgent first; a reply is emailed and handles it", async () => {
    const overview = await (await get(server, "/console", keeperCookie)).text();
    expect(overview).toContain("Contact messages to answer");
    expect(overview).toMatch(/>2<\/span><span[^>]*>Contact messages to answer/);
    expect(overview).toMatch(/Inbox<span[^>]*>2<span class="sr-only"> waiting<\/span>/);

    const inbox = await (await get(server, "/console/inbox", keeperCookie)).text();
    expect(inbox.indexOf("Ben Hurting")).toBeGreaterThan(-1);
    expect(inbox.indexOf("Ben Hurting")).toBeLessThan(inbox.indexOf("Ana Calm"));
    expect((await get(server, "/console/inbox", memberCookie)).status).toBe(403);

    const [ben] = await db().select().from(contactMessages).where(eq(contactMessages.name, "Ben Hurting"));
    const page = await (await get(server, `/console/inbox/${ben?.id}`, keeperCookie)).text();
    expect(page).toContain("Since the ceremony I don&#x27;t want to live any more.");
    const reads = await db().select().from(auditLog).where(eq(auditLog.action, "contact.read"));
    expect(reads.at(-1)).toMatchObject({ actorName: "Elena Keeper" });

    const empty = await post(server, `/console/inbox/${ben?.id}`, keeperCookie, { intent: "reply", reply: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write a reply.");
    const reply = { intent: "reply", reply: "Ben, I am here. May I call you today?", _key: "inbox-reply-0000000001" };
    const sent = await post(server, `/console/inbox/${ben?.id}`, keeperCookie, reply);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/console/inbox/${ben?.id}?done=replied`);
    // The same key again (a lost answer resent): one reply, one email.
    await post(server, `/console/inbox/${ben?.id}`, keeperCookie, reply);
    expect(await db().select().from(contactReplies)).toEqual([
      expect.objectContaining({ messageId: ben?.id, staffName: "Elena Keeper", body: reply.reply }),
    ]);
    const mails = await staffMails("contact.reply");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe("ben@example.org");
    expect(mails[0]?.textBody).toContain("Ben, I am here. May I call you today?");
    expect(mails[0]?.textBody).toContain("Elena Keeper, Temple Keeper");

    const handled = await (await get(server, "/console", keeperCookie)).text();
    expect(handled).toMatch(/>1<\/span><span[^>]*>Contact messages to answer/);
    const [ana] = await db().select().from(contactMessages).where(eq(contactMessages.name, "Ana Calm"));
    expect((await post(server, `/console/inbox/${ana?.id}`, keeperCookie, { intent: "handled" })).status).toBe(303);
    expect(await (await get(server, "/console", keeperCookie)).text()).toContain(
      "Nothing waits for a keeper right now.",
    );
    expect((await post(server, `/console/inbox/${ana?.id}`, keeperCookie, { intent: "waiting" })).status).toBe(303);
    expect(await (await get(server, "/console/inbox", keeperCookie)).text()).toContain("Ana Calm");
  });

  it("tells the keepers of a member's share without its words; words of danger make it urgent and show crisis lines", async () => {
    const send = (content: string) =>
      post(server, "/integration", memberCookie, { intent: "share", kind: "message", content });
    const calm = await send("A small question about the next circle.");
    expect(calm.headers.get("location")).toBe("/integration?done=share");
    const urgent = await send("I keep thinking I would be better off dead.");
    expect(urgent.headers.get("location")).toBe("/integration?done=share-care");
    expect(await (await get(server, "/integration?done=share-care", memberCookie)).text()).toContain(CRISIS_HEADING);

    const shares = await db().select().from(facilitatorShares).orderBy(facilitatorShares.id);
    expect(shares.map((s) => s.urgent)).toEqual([false, true]);
    // Sent without the Anonymous Sharing box: the keepers see the name.
    expect(shares.map((s) => s.anonymous)).toEqual([false, false]);
    const [mail] = await staffMails("share.notify");
    expect(mail?.subject).toBe(`Urgent: A private message from a member waits for a keeper (#${shares[1]?.id})`);
    expect(mail?.textBody).toContain(`/console/shares/${shares[1]?.id}`);
    expect(mail?.textBody).not.toContain("better off dead");
    const list = await (await get(server, "/console/shares", keeperCookie)).text();
    expect(list).toContain(">urgent<");
    expect(list).toMatch(/Shares<span[^>]*>2<span class="sr-only"> waiting<\/span>/);
  });

  it("answers the guide chat's words of danger with crisis lines before anything else", async () => {
    const res = await postForm(server, "/guide-chat", { message: "I am scared and I want to die" });
    const body = (await res.json()) as { data: { reply: { text: string } } };
    expect(body.data.reply.text).toContain("call or text 988");
    expect(body.data.reply.text).toContain("62-FIRESIDE");
  });

  it("shows a console or member-area page for a 403 or 404 inside it, never the root error screen", async () => {
    const missing = await get(server, "/console/inbox/999999", keeperCookie);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain("Temple Keeper Console");
    expect(html).toContain("Console overview");
    expect(html).not.toContain("Unexpected Application Error");
    expect(html).toContain("<title>Page not found · Sacred Path Congregation</title>");
    const shut = await get(server, "/console", memberCookie);
    expect(shut.status).toBe(403);
    const shutHtml = await shut.text();
    expect(shutHtml).toContain("Not open to you");
    expect(shutHtml).toContain("<title>Not open to you · Sacred Path Congregation</title>");
    const entry = await get(server, "/journals/no-such-entry", memberCookie);
    expect(entry.status).toBe(404);
    const memberHtml = await entry.text();
    expect(memberHtml).toContain("Back to dashboard");
    expect(memberHtml).toContain("<title>Page not found · Sacred Path Congregation</title>");
    expect(memberHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(memberHtml).not.toContain("Unexpected Application Error");
  });
});
