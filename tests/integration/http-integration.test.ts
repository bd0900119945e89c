import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, facilitatorShares, insights, integrationSessions, mailOutbox, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

const session = {
  intent: "save-session",
  title: "The owl at the threshold",
  reflection: "I met my grandmother's voice in the dark and was not afraid.",
  insights: "Fear can be a doorway.",
  emotions: "tender, awed",
  bodyAwareness: "Warm hands",
  integrationGoals: "Call my mother every Sunday.",
};
const withTags = (fields: Record<string, string>, tags: string[]) => {
  const body = new URLSearchParams(fields);
  for (const t of tags) body.append("tags", t);
  return body;
};

describeEachBackend("integration sessions and facilitator shares over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  let keeperCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie, otherCookie } = await twoMembers(server, "Maya Rivers"));
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const send = (body: URLSearchParams, as = cookie, path = "/integration") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, cookie: as },
      body,
      redirect: "manual",
    });

  it("saves a session encrypted with its tags, and says what is missing", async () => {
    const saved = await send(withTags({ ...session, _key: "session-key-0000000001" }, ["Healing", "Wisdom"]));
    // Without JavaScript: redirect after post, to the page saying the session was saved.
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/integration?done=session");
    expect(await (await get(server, "/integration?done=session", cookie)).text()).toContain(
      "Session Saved: Your integration session has been saved successfully.",
    );
    // The same one-time key again (a retry after a lost answer) stores nothing new.
    const again = await send(withTags({ ...session, _key: "session-key-0000000001" }, ["Healing", "Wisdom"]));
    expect(again.status).toBe(303);
    for (const fields of [
      { ...session, title: " " },
      { ...session, reflection: "" },
    ]) {
      const res = await send(withTags(fields, ["Wisdom"]));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("Missing Information: Please provide a session title and reflection.");
      // What was typed stays in the form.
      expect(html).toContain("Fear can be a doorway.</textarea>");
      expect(html).toMatch(/<input(?=[^>]*value="Wisdom")(?=[^>]*checked="")/);
    }
    expect((await send(withTags(session, ["Gossip"]))).status).toBe(400);
    const rows = await server.database.db
      .select()
      .from(integrationSessions)
      .where(eq(integrationSessions.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tags).toEqual(["Healing", "Wisdom"]);
    const dump = (await server.database.db.execute(
      sql`select to_jsonb(s)::text as row from integration_sessions s`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(JSON.stringify(dump.rows)).not.toContain("grandmother");
  });

  it("searches the archive by title, tags and emotions; views and exports only the member's own", async () => {
    await send(withTags({ ...session, title: "Morning after", emotions: "calm" }, ["Peace"]));
    const byTag = await (await get(server, "/integration?q=wisdom", cookie)).text();
    expect(byTag).toContain("The owl at the threshold");
    expect(byTag).not.toContain("Morning after");
    const byEmotion = await (await get(server, "/integration?q=CALM", cookie)).text();
    expect(byEmotion).toContain("Morning after");
    expect(await (await get(server, "/integration?q=zzz", cookie)).text()).toContain(
      "No sessions found matching your search.",
    );
    expect(await (await get(server, "/integration?q=owl", otherCookie)).text()).not.toContain(
      "The owl at the threshold",
    );

    const [row] = await server.database.db
      .select()
      .from(integrationSessions)
      .where(eq(integrationSessions.userId, member.id))
      .limit(1);
    expect((await get(server, `/integration/sessions/${row?.id}`, cookie)).status).toBe(200);
    expect((await get(server, `/integration/sessions/${row?.id}`, otherCookie)).status).toBe(404);
    const md = await get(server, `/integration/sessions/${row?.id}/export?format=md`, cookie);
    expect(md.headers.get("content-type")).toContain("text/markdown");
    expect(await md.text()).toMatch(/^# /);
    expect((await get(server, `/integration/sessions/${row?.id}/export?format=json`, otherCookie)).status).toBe(404);
  });

  it("shares with the facilitator; a keeper reads (audited) and replies; the member is emailed without content", async () => {
    const blank = await send(new URLSearchParams({ intent: "share", kind: "share", content: "  " }));
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("No Content: Please enter something to share with your facilitator.");
    expect(
      (
        await send(
          new URLSearchParams({ intent: "share", kind: "share", content: "I dreamt of water again.", anonymous: "on" }),
        )
      ).headers.get("location"),
    ).toBe("/integration?done=share");
    const [share] = await server.database.db
      .select()
      .from(facilitatorShares)
      .where(eq(facilitatorShares.userId, member.id));
    expect(share).toMatchObject({ kind: "share", anonymous: true });
    expect(share?.sealed).not.toContain("water");

    // "Anonymous Sharing": the keepers see an anonymous member, in the list and the share itself.
    const list = await (await get(server, "/console/shares", keeperCookie)).text();
    expect(list).toContain("Anonymous member");
    expect(list).not.toContain("Maya Rivers");
    expect(list).not.toContain("dreamt of water");
    expect((await get(server, `/console/shares/${share?.id}`, cookie)).status).toBe(403);
    const detail = await (await get(server, `/console/shares/${share?.id}`, keeperCookie)).text();
    expect(detail).toContain("I dreamt of water again.");
    expect(detail).toContain("Anonymous member");
    expect(detail).not.toContain("Maya Rivers");
    const reads = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "share.read"));
    // An anonymous share's read names no member, even in the audit (issue 45); the member finds it by the share.
    expect(reads[0]).toMatchObject({
      subjectUserId: null,
      actorName: "Elena Keeper",
      detail: { shareId: share?.id, anonymous: true },
    });

    const empty = await post(server, `/console/shares/${share?.id}`, keeperCookie, { intent: "reply", reply: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write a reply.");
    // Posted twice with its one-time key (a lost answer resent): one reply, one email.
    const reply = {
      intent: "reply",
      reply: "Water often means feeling. Let us talk on Sunday.",
      _key: "reply-key-0123456789abcdef",
    };
    const replied = await post(server, `/console/shares/${share?.id}`, keeperCookie, reply);
    expect(replied.status).toBe(303);
    expect(replied.headers.get("location")).toBe(`/console/shares/${share?.id}?done=replied`);
    expect((await post(server, `/console/shares/${share?.id}`, keeperCookie, reply)).status).toBe(303);
    expect(await (await get(server, `/console/shares/${share?.id}?done=replied`, keeperCookie)).text()).toContain(
      "Message sent",
    );
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "share.message"))).toHaveLength(
      1,
    );
    // A conversation: another keeper's message (another key) is a second message; the member, who has not
    // opened the first yet, gets no second email (told once until they read it: issue 45).
    const second = await post(server, `/console/shares/${share?.id}`, keeperCookie, {
      intent: "reply",
      reply: "And a second word, from the circle.",
      _key: "reply-key-fedcba9876543210",
    });
    expect(second.status).toBe(303);
    const empty2 = await post(server, `/console/shares/${share?.id}`, keeperCookie, { intent: "reply", reply: "" });
    expect(empty2.status).toBe(400);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "share.message"))).toHaveLength(
      1,
    );
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "share.message"));
    expect(mail?.toAddress).toBe(member.email);
    expect(mail?.textBody).not.toContain("Water often means feeling");
    const page = await (await get(server, "/integration?mode=facilitated", cookie)).text();
    // The Facilitated Session mode has the circle's own form as its panel (once on the page).
    expect(page.match(/id="share-text"/g)).toHaveLength(1);
    const fromMode = await send(
      new URLSearchParams({ intent: "share", kind: "share", content: "Sent from the facilitated panel." }),
      cookie,
      "/integration?mode=facilitated",
    );
    expect(fromMode.headers.get("location")).toBe("/integration?mode=facilitated&done=share");
    expect(page).toContain("Elena Keeper: And a second word, from the circle.");
    // One view and one reply (the page reloads after it) are one read, and the member sees it.
    const allReads = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "share.read"));
    expect(allReads).toHaveLength(1);
    expect(page).toContain("Who has read what you shared");
    expect(page).toMatch(/<li>Elena Keeper, [^<]+<\/li>/);
    expect(await (await get(server, "/integration", otherCookie)).text()).not.toContain("a second word");
  });

  it("sends no reply email to a member who turned email notifications off; the reply still waits for them", async () => {
    const quiet = await createAccount(server, "member", "Quiet Member");
    const { cookie: quietCookie } = await signIn(server, quiet.username, quiet.password);
    // Settings saved with every box unticked but session reminders.
    const saved = await send(
      new URLSearchParams({ intent: "settings", sessionReminders: "on", timezone: "Europe/Warsaw" }),
      quietCookie,
      "/profile",
    );
    expect(saved.status).toBe(303);
    await send(new URLSearchParams({ intent: "share", kind: "share", content: "A quiet question." }), quietCookie);
    const [share] = await server.database.db
      .select()
      .from(facilitatorShares)
      .where(eq(facilitatorShares.userId, quiet.id));
    const before = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "share.message"));
    const reply = { intent: "reply", reply: "Thank you for asking; here is my answer." };
    expect((await post(server, `/console/shares/${share?.id}`, keeperCookie, reply)).status).toBe(303);
    const after = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "share.message"));
    expect(after).toHaveLength(before.length);
    expect(await (await get(server, "/integration", quietCookie)).text()).toContain(
      "Thank you for asking; here is my answer.",
    );
  });

  it("keeps group-session requests and private messages as real threads", async () => {
    await send(
      new URLSearchParams({ intent: "share", kind: "group-request", content: "I'd like to join the next circle." }),
    );
    await send(
      new URLSearchParams({ intent: "share", kind: "message", content: "May I ask you something privately?" }),
    );
    expect((await send(new URLSearchParams({ intent: "share", kind: "broadcast", content: "x" }))).status).toBe(400);
    const list = await (await get(server, "/console/shares", keeperCookie)).text();
    expect(list).toContain("Group session request");
    expect(list).toContain("Private message");
    expect(await (await get(server, "/integration", cookie)).text()).toContain("May I ask you something privately?");
  });

  it("turns posted words into a prompt and its image without storing anything (the page without JavaScript)", async () => {
    const before = await server.database.db.select().from(insights);
    const res = await send(
      new URLSearchParams({ intent: "vision-prompt", words: "a lantern & <stars>", variant: "2" }),
      cookie,
      "/integration?mode=voice",
    );
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("A mystical, ethereal visualization of: &quot;a lantern &amp; &lt;stars&gt;&quot;.");
    expect(page).toContain("data:image/svg+xml");
    expect(page).not.toContain("<stars>");
    const empty = await send(
      new URLSearchParams({ intent: "vision-prompt", words: "  ", variant: "0" }),
      cookie,
      "/integration?mode=voice",
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("No Content: Please record or type your thoughts first.");
    const odd = await send(new URLSearchParams({ intent: "vision-prompt", words: "light", variant: "-1" }));
    expect(odd.status).toBe(400);
    expect(await server.database.db.select().from(insights)).toHaveLength(before.length);
  });

  it("saves a generated vision to the member's insights, where it is drawn again from its seed", async () => {
    const prompt =
      'A mystical, ethereal visualization of: "light". Sacred geometry, flowing purple-to-gold light, dreamlike digital art.';
    expect((await send(new URLSearchParams({ intent: "save-vision", prompt, seed: `${prompt}#2` }))).status).toBe(303);
    const noPrompt = await send(new URLSearchParams({ intent: "save-vision", prompt: "", seed: "x" }));
    expect(noPrompt.status).toBe(400);
    expect(await noPrompt.text()).toContain("No Prompt: Please generate a visual prompt first.");
    const [vision] = await server.database.db.select().from(insights).where(eq(insights.category, "vision"));
    expect(vision?.userId).toBe(member.id);
    const html = await (await get(server, "/spirit-companion?insights=vision", cookie)).text();
    expect(html).toContain("data:image/svg+xml");

    const [mine] = await server.database.db
      .select()
      .from(integrationSessions)
      .where(eq(integrationSessions.userId, member.id))
      .limit(1);
    const attach = (as: string, sessionId: string) =>
      send(new URLSearchParams({ intent: "attach-vision", prompt, seed: `${prompt}#3`, sessionId }), as);
    expect((await attach(otherCookie, mine?.id ?? "")).status).toBe(404);
    expect((await attach(cookie, mine?.id ?? "")).status).toBe(303);
    expect(await (await get(server, `/integration/sessions/${mine?.id}`, cookie)).text()).toContain(
      "data:image/svg+xml",
    );
  });

  it("offers prompts drawn from the member's own sessions in AI-Enhanced mode", async () => {
    const html = await (await get(server, "/integration?mode=ai-enhanced", cookie)).text();
    expect(html).toContain("Call my mother every Sunday.");
  });
});
