import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { companionMessages, insights } from "../../db/schema";
import { createAccount, get, post, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

// Issue 15: "Save as insight" keeps a companion reply once, from its stored words; a practice
// done today can be kept once as a Practice insight. Both are one row per source (a unique index).
describeEachBackend("keeping Spirit Companion insights over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  let other: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server);
    ({ cookie } = await signIn(server, member.username, member.password));
    other = await createAccount(server);
    ({ cookie: otherCookie } = await signIn(server, other.username, other.password));
  });
  afterAll(() => server.close());

  const insightsOf = (userId: string) => server.database.db.select().from(insights).where(eq(insights.userId, userId));
  const messageIds = async (userId: string, role: "user" | "companion") =>
    (
      await server.database.db
        .select({ id: companionMessages.id })
        .from(companionMessages)
        .where(and(eq(companionMessages.userId, userId), eq(companionMessages.role, role)))
    ).map((r) => r.id);

  it("saves a companion reply once, from its stored words, however often it is pressed", async () => {
    await post(server, "/spirit-companion", cookie, {
      intent: "message",
      message: "The heron stood still in the rain.",
    });
    const [replyId] = await messageIds(member.id, "companion");
    const keep = { intent: "keep-message", messageId: String(replyId), content: "Forged words", title: "Forged" };
    const first = await post(server, "/spirit-companion", cookie, keep);
    // Without JavaScript: back to the conversation, which says it was saved.
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/spirit-companion?done=conversation#conversation");
    // A resubmit, and a double click (two at once): still one insight.
    expect((await post(server, "/spirit-companion", cookie, keep)).status).toBe(303);
    const twice = await Promise.all([
      post(server, "/spirit-companion", cookie, keep),
      post(server, "/spirit-companion", cookie, keep),
    ]);
    expect(twice.map((r) => r.status)).toEqual([303, 303]);
    const rows = await insightsOf(member.id);
    expect(rows.map((r) => [r.category, r.source])).toEqual([["conversation", `companion:${replyId}`]]);

    const page = await (await get(server, "/spirit-companion?done=conversation", cookie)).text();
    expect(page).toContain("Saved as insight: The companion&#x27;s words are kept in your insights collection.");
    expect(page).toContain("Saved as insight</button>");
    expect(page).not.toContain(">Save as insight</button>");
    const listed = await (await get(server, "/spirit-companion?insights=conversation", cookie)).text();
    expect(listed).toContain("The heron stood still in the rain."); // its title: the member's message
    expect(listed).not.toContain("Forged");
    expect(listed.match(/>conversation · /g)).toHaveLength(1);
  });

  it("saves nothing from another member's message, and answers as for one that does not exist", async () => {
    const [replyId] = await messageIds(member.id, "companion");
    const [askedId] = await messageIds(member.id, "user");
    const before = await insightsOf(member.id);
    const theirs = await post(server, "/spirit-companion", otherCookie, {
      intent: "keep-message",
      messageId: String(replyId),
    });
    expect(theirs.status).toBe(404);
    // Without JavaScript the page comes back with the notice shown (not only in the page's data).
    expect(alertOf(await theirs.text())).toEqual(["Not saved", "That message could not be found."]);
    const missing = await post(server, "/spirit-companion", otherCookie, {
      intent: "keep-message",
      messageId: "999999",
    });
    expect(missing.status).toBe(404);
    // Only the companion's replies are kept this way, not the member's own messages.
    expect(
      (await post(server, "/spirit-companion", cookie, { intent: "keep-message", messageId: String(askedId) })).status,
    ).toBe(404);
    expect(
      (await post(server, "/spirit-companion", cookie, { intent: "keep-message", messageId: "1e20" })).status,
    ).toBe(400);
    expect(await insightsOf(other.id)).toEqual([]);
    expect(await insightsOf(member.id)).toEqual(before);
    expect(await (await get(server, "/spirit-companion?insights=conversation", otherCookie)).text()).not.toContain(
      "heron",
    );
  });

  it("keeps a practice done today once as a Practice insight, listed under the practice filter", async () => {
    const keep = { intent: "keep-practice", practiceId: "morning-stillness" };
    const empty = await (await get(server, "/spirit-companion?insights=practice", cookie)).text();
    expect(empty).toContain("No practice insights yet.");
    expect(empty).not.toContain("Keep as a Practice insight");
    // Not done yet: nothing to keep.
    const early = await post(server, "/spirit-companion", cookie, keep);
    expect(early.status).toBe(409);
    expect(alertOf(await early.text())).toEqual(["Not saved", "Mark the practice complete first."]);
    expect((await insightsOf(member.id)).filter((r) => r.category === "practice")).toEqual([]);

    await post(server, "/spirit-companion", cookie, {
      intent: "practice",
      practiceId: "morning-stillness",
      done: "true",
    });
    expect(await (await get(server, "/spirit-companion", cookie)).text()).toContain("Keep as a Practice insight");
    const kept = await post(server, "/spirit-companion", cookie, keep);
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe("/spirit-companion?done=practice#practices");
    const again = await Promise.all([
      post(server, "/spirit-companion", cookie, keep),
      post(server, "/spirit-companion", cookie, keep),
    ]);
    expect(again.map((r) => r.status)).toEqual([303, 303]);
    const practices = (await insightsOf(member.id)).filter((r) => r.category === "practice");
    expect(practices).toHaveLength(1);
    expect(practices[0]?.source).toMatch(/^practice:\d{4}-\d{2}-\d{2}:morning-stillness$/);
    expect((await post(server, "/spirit-companion", cookie, { ...keep, practiceId: "nap" })).status).toBe(400);

    const listed = await (await get(server, "/spirit-companion?insights=practice&done=practice", cookie)).text();
    expect(listed).toContain("Kept as a Practice insight: You will find it under Practice in your saved insights.");
    expect(listed.match(/>practice · /g)).toHaveLength(1);
    expect(listed).toContain("<h3");
    expect(listed).toContain("Morning Stillness</h3>");
    expect(listed).not.toContain(">conversation · "); // the conversation insight is filtered out
    expect(await (await get(server, "/spirit-companion?insights=practice", otherCookie)).text()).toContain(
      "No practice insights yet.",
    );
  });
});

/** The page's alert (PageAlert) as its paragraphs' text. */
function alertOf(html: string): string[] {
  const alert = /<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  return [...alert.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((m) => m[1] ?? "");
}
