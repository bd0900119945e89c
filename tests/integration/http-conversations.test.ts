import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { facilitatorShares, mailOutbox, rateLimits, shareMessages } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 33: a share opens a conversation. Member and keepers write back and forth; whose turn it
 * is moves with each message; a keeper takes it, closes it, reopens it; the other side is told by
 * an email without the words; unread counts follow the member; crisis words work on every
 * message; anonymous stays anonymous; the conversation is the member's alone, and in their export.
 */

const CRISIS_HEADING = "If you are in danger or thinking of harming yourself, please reach out now";

describeEachBackend("conversations with the keepers", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  let keeperCookie: string;
  let keeper: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Agnieszka Wróbel");
    cookie = (await signIn(server, member.username, member.password)).cookie;
    const other = await createAccount(server, "member", "Other Member");
    otherCookie = (await signIn(server, other.username, other.password)).cookie;
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const db = () => server.database.db;
  async function share(content: string, anonymous = false) {
    const fields: Record<string, string> = { intent: "share", kind: "message", content };
    if (anonymous) fields.anonymous = "on";
    expect((await post(server, "/integration", cookie, fields)).status).toBe(303);
    const rows = await db().select().from(facilitatorShares).where(eq(facilitatorShares.userId, member.id));
    return rows.sort((a, b) => b.id - a.id)[0]?.id ?? 0;
  }
  const statusOf = async (id: number) =>
    (await db().select().from(facilitatorShares).where(eq(facilitatorShares.id, id)))[0];
  const mails = (kind: string, to?: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(to ? and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to)) : eq(mailOutbox.kind, kind));

  it("goes back and forth, with whose turn it is, emails without words, and unread counts", async () => {
    const id = await share("Since the ceremony I wake at four and cannot settle.");
    expect((await statusOf(id))?.status).toBe("waiting-keeper");
    const here = `/console/shares/${id}`;
    expect((await get(server, here, keeperCookie)).status).toBe(200);
    const wrote = await post(server, here, keeperCookie, {
      intent: "reply",
      reply: "Four in the morning is a tender hour. What comes to you then?",
      _key: "conversation-key-0000000001",
    });
    expect(wrote.status).toBe(303);
    expect((await statusOf(id))?.status).toBe("waiting-member");
    const [told] = await mails("share.message", member.email);
    expect(told?.textBody).toContain(`/integration/shares/${id}`);
    expect(told?.textBody).not.toContain("tender hour");
    expect(await db().select().from(shareMessages).where(eq(shareMessages.shareId, id))).toHaveLength(1);
    const [stored] = await db().select().from(shareMessages).where(eq(shareMessages.shareId, id));
    expect(stored?.sealed).not.toContain("tender");

    // Unread in the member's navigation until they open the conversation.
    expect(await (await get(server, "/dashboard", cookie)).text()).toContain("Messages (1 new)");
    const page = await (await get(server, `/integration/shares/${id}`, cookie)).text();
    expect(page).toContain("Four in the morning is a tender hour.");
    expect(page).toContain("Elena Keeper");
    // The keeper's opening of it (the reply loaded the page) is there for the member to see.
    expect(page).toContain("Who has read this conversation");
    expect(page).toMatch(/<li>Elena Keeper, [^<]+<\/li>/);
    expect(await (await get(server, "/dashboard", cookie)).text()).not.toContain("new)");

    // The member answers, once per key; the keepers are told without the words, and it is their turn.
    const before = (await mails("share.notify")).length;
    const answer = { intent: "message", message: "Mostly my father's face.", _key: "member-message-key-00001" };
    const sent = await post(server, `/integration/shares/${id}`, cookie, answer);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/integration/shares/${id}?done=sent`);
    expect((await post(server, `/integration/shares/${id}`, cookie, answer)).status).toBe(303);
    expect(await db().select().from(shareMessages).where(eq(shareMessages.shareId, id))).toHaveLength(2);
    const notices = await mails("share.notify");
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)?.textBody).not.toContain("father");
    expect((await statusOf(id))?.status).toBe("waiting-keeper");
    const empty = await post(server, `/integration/shares/${id}`, cookie, { intent: "message", message: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write your message.");

    // Take, close, reopen; the keeper's page shows the whole conversation.
    expect((await post(server, here, keeperCookie, { intent: "take" })).status).toBe(303);
    expect((await statusOf(id))?.assigneeName).toBe("Elena Keeper");
    expect((await post(server, here, keeperCookie, { intent: "close" })).status).toBe(303);
    expect((await statusOf(id))?.status).toBe("closed");
    const console = await (await get(server, here, keeperCookie)).text();
    expect(console).toContain("Mostly my father&#x27;s face.");
    expect(console).toContain("taken by you");
    // A member writing again opens it again; the keeper who took it is told at their own address.
    await post(server, `/integration/shares/${id}`, cookie, { intent: "message", message: "One more thing." });
    expect((await statusOf(id))?.status).toBe("waiting-keeper");
    const [toTaker] = (await mails("share.notify")).slice(-1);
    expect(toTaker?.toAddress).toBe(keeper.email);
    expect(toTaker?.textBody).not.toContain("One more thing");
  });

  it("marks a later message with crisis words urgent and shows the crisis lines", async () => {
    const id = await share("A quiet question about sleep.");
    expect((await statusOf(id))?.urgent).toBe(false);
    const sent = await post(server, `/integration/shares/${id}`, cookie, {
      intent: "message",
      message: "Some nights I want to kill myself.",
    });
    expect(sent.headers.get("location")).toBe(`/integration/shares/${id}?done=sent-care`);
    expect(await (await get(server, `/integration/shares/${id}?done=sent-care`, cookie)).text()).toContain(
      CRISIS_HEADING,
    );
    expect((await statusOf(id))?.urgent).toBe(true);
    const [notice] = (await mails("share.notify")).slice(-1);
    expect(notice?.subject).toMatch(/^Urgent: /);
  });

  it("keeps the conversation its member's alone, and anonymous to the keepers", async () => {
    const id = await share("Please do not use my name.", true);
    expect((await get(server, `/integration/shares/${id}`, otherCookie)).status).toBe(404);
    const stranger = await post(server, `/integration/shares/${id}`, otherCookie, { intent: "message", message: "Hi" });
    expect(stranger.status).toBe(404);
    expect(await db().select().from(shareMessages).where(eq(shareMessages.shareId, id))).toHaveLength(0);
    expect((await get(server, `/integration/shares/${id}`, keeperCookie)).status).toBe(404);
    await post(server, `/integration/shares/${id}`, cookie, { intent: "message", message: "A second word." });
    const console = await (await get(server, `/console/shares/${id}`, keeperCookie)).text();
    expect(console).toContain("Anonymous member");
    expect(console).not.toContain("Agnieszka");
    const exported = await (await get(server, "/profile/export", cookie)).text();
    expect(exported).toContain("A second word.");
  });

  it("exports each conversation with its own messages, every one of them", async () => {
    const first = await share("The first of two conversations.");
    const second = await share("The second of two conversations.");
    for (const [id, words] of [
      [first, ["First, one.", "First, two."]],
      [second, ["Second, one."]],
    ] as const) {
      for (const message of words) {
        expect((await post(server, `/integration/shares/${id}`, cookie, { intent: "message", message })).status).toBe(
          303,
        );
      }
    }
    const exported = (await (await get(server, "/profile/export", cookie)).json()) as {
      facilitatorShares: Array<{ id: number; messages: Array<{ text: string }> }>;
    };
    const wordsOf = (id: number) => exported.facilitatorShares.find((s) => s.id === id)?.messages.map((m) => m.text);
    expect(wordsOf(first)).toEqual(["First, one.", "First, two."]);
    expect(wordsOf(second)).toEqual(["Second, one."]);
  });
});
