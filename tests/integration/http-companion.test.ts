import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { companionMessages, insights, practiceCompletions } from "../../db/schema";
import { createAccount, get, post, signIn, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

describeEachBackend("the Spirit Companion over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie, otherCookie } = await twoMembers(server));
  });
  afterAll(() => server.close());

  it("stores the conversation encrypted and shows it only to its member", async () => {
    expect(
      (
        await post(server, "/spirit-companion", cookie, {
          intent: "message",
          message: "I keep thinking about the snowy quetzal I saw.",
          _key: "companion-key-00000001",
        })
      ).headers.get("location"),
    ).toBe("/spirit-companion");
    // The same message again with its key (a retry after a lost answer) is stored once.
    await post(server, "/spirit-companion", cookie, {
      intent: "message",
      message: "I keep thinking about the snowy quetzal I saw.",
      _key: "companion-key-00000001",
    });
    const blank = await post(server, "/spirit-companion", cookie, { intent: "message", message: "   " });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please write something first.");
    expect(
      (await post(server, "/spirit-companion", cookie, { intent: "message", message: "x".repeat(501) })).status,
    ).toBe(400);
    const rows = await server.database.db
      .select()
      .from(companionMessages)
      .where(eq(companionMessages.userId, member.id));
    expect(rows.map((r) => r.role)).toEqual(["user", "companion"]);
    const dump = (await server.database.db.execute(
      sql`select to_jsonb(m)::text as row from companion_messages m`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(JSON.stringify(dump.rows)).not.toContain("quetzal");
    expect(await (await get(server, "/spirit-companion", cookie)).text()).toContain(
      "I keep thinking about the snowy quetzal I saw.",
    );
    expect(await (await get(server, "/spirit-companion", otherCookie)).text()).not.toContain("quetzal");
  });

  it("holds the companion's limit: past it, SPEC.md's words with a 429 and what was typed, nothing stored", async () => {
    const busy = await createAccount(server);
    const { cookie: busyCookie } = await signIn(server, busy.username, busy.password);
    for (let i = 0; i < 60; i++) {
      const res = await post(server, "/spirit-companion", busyCookie, { intent: "message", message: `Thought ${i}` });
      expect(res.status).toBe(303);
    }
    const refused = await post(server, "/spirit-companion", busyCookie, { intent: "message", message: "One more" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    const html = await refused.text();
    expect(html).toContain("Too many messages. Please wait before sending another message.");
    expect(html).toContain("One more</textarea>");
    const stored = await server.database.db
      .select()
      .from(companionMessages)
      .where(eq(companionMessages.userId, busy.id));
    expect(stored).toHaveLength(120);
  });

  it("saves insights by category, filters them, and removes only the member's own", async () => {
    const saved = await post(server, "/spirit-companion", cookie, {
      intent: "save-insight",
      category: "reflection",
      title: "What am I still carrying?",
      content: "My father's silence.",
    });
    // Without JavaScript: back to the page, which says the reflection was saved.
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/spirit-companion?done=reflection#insights");
    expect(await (await get(server, "/spirit-companion?done=reflection", cookie)).text()).toContain(
      "Reflection Saved: Your reflection has been saved to your insights collection.",
    );
    // Each field says its own limit.
    const longTitle = await post(server, "/spirit-companion", cookie, {
      intent: "save-insight",
      category: "reflection",
      title: "x".repeat(201),
      content: "Short.",
    });
    expect(longTitle.status).toBe(400);
    expect(await longTitle.text()).toContain("Please keep the title under 200 characters.");
    // Posted text never becomes a conversation insight: those are kept from stored replies
    // (http-companion-insights.test.ts).
    expect(
      (
        await post(server, "/spirit-companion", cookie, {
          intent: "save-insight",
          category: "conversation",
          title: "The owl",
          content: "A reply worth keeping.",
        })
      ).status,
    ).toBe(400);
    await post(server, "/spirit-companion", cookie, {
      intent: "save-insight",
      category: "reflection",
      title: "Who has helped you?",
      content: "The owl at dusk.",
    });
    expect(
      (
        await post(server, "/spirit-companion", cookie, {
          intent: "save-insight",
          category: "gossip",
          title: "x",
          content: "y",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post(server, "/spirit-companion", cookie, {
          intent: "save-insight",
          category: "reflection",
          title: "x",
          content: " ",
        })
      ).status,
    ).toBe(400);
    const reflection = await (await get(server, "/spirit-companion?insights=reflection", cookie)).text();
    expect(reflection).toContain("My father&#x27;s silence.");
    expect(reflection).not.toContain("A reply worth keeping.");
    const conversations = await (await get(server, "/spirit-companion?insights=conversation", cookie)).text();
    expect(conversations).not.toContain("My father&#x27;s silence.");
    expect(conversations).toContain("No conversation insights yet.");
    const [mine] = await server.database.db.select().from(insights).where(eq(insights.userId, member.id));
    await post(server, "/spirit-companion", otherCookie, { intent: "delete-insight", id: String(mine?.id) });
    expect(await server.database.db.select().from(insights).where(eq(insights.userId, member.id))).toHaveLength(2);
    await post(server, "/spirit-companion", cookie, { intent: "delete-insight", id: String(mine?.id) });
    expect(await server.database.db.select().from(insights).where(eq(insights.userId, member.id))).toHaveLength(1);
  });

  it("stores today's daily practices and says when all are done", async () => {
    for (const practiceId of ["morning-stillness", "gratitude", "mindful-walk", "evening-reflection"]) {
      expect(
        (await post(server, "/spirit-companion", cookie, { intent: "practice", practiceId, done: "true" })).status,
      ).toBe(303);
    }
    expect(
      (await post(server, "/spirit-companion", cookie, { intent: "practice", practiceId: "nap", done: "true" })).status,
    ).toBe(400);
    expect(await (await get(server, "/spirit-companion", cookie)).text()).toContain(
      "All of today&#x27;s practices are complete.",
    );
    await post(server, "/spirit-companion", cookie, { intent: "practice", practiceId: "gratitude", done: "false" });
    expect(
      await server.database.db.select().from(practiceCompletions).where(eq(practiceCompletions.userId, member.id)),
    ).toHaveLength(3);
    expect(await (await get(server, "/spirit-companion", otherCookie)).text()).toContain("0 of 4 practices today");
  });
});
