import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { keepersToday } from "../../app/modules/console/today.server";
import { waitingWork } from "../../app/modules/console/waiting.server";
import {
  accessRequests,
  auditLog,
  contactMessages,
  facilitatorShares,
  followUps,
  mailOutbox,
  rateLimits,
} from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

/*
 * Issue 48, care: a keeper hands back a conversation they took (audited like taking it; the member's
 * next message goes to the shared address again); a member's one "Messages" place, which the
 * navigation opens (straight to the conversation when there is only one to go to); and a keeper's
 * "Today", in step with the tabs' badges.
 */

describeEachBackend("a keeper's day and a member's messages", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  let elenaCookie: string;
  let marcusCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Agnieszka Wróbel");
    cookie = (await signIn(server, member.username, member.password)).cookie;
    const other = await createAccount(server, "member", "Other Member");
    otherCookie = (await signIn(server, other.username, other.password)).cookie;
    ({ cookie: elenaCookie } = await signInStaff(server, await createAccount(server, "keeper", "Elena Keeper")));
    ({ cookie: marcusCookie } = await signInStaff(server, await createAccount(server, "keeper", "Marcus Keeper")));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });

  const db = () => server.database.db;
  async function share(content: string) {
    await db().delete(rateLimits);
    expect((await post(server, "/integration", cookie, { intent: "share", kind: "message", content })).status).toBe(
      303,
    );
    const rows = await db().select().from(facilitatorShares).where(eq(facilitatorShares.userId, member.id));
    return rows.sort((a, b) => b.id - a.id)[0]?.id ?? 0;
  }
  const shareRow = async (id: number) =>
    (await db().select().from(facilitatorShares).where(eq(facilitatorShares.id, id)))[0];
  const messagesHref = async (who = cookie) =>
    (await (await get(server, "/dashboard", who)).text()).match(
      /href="([^"]+)"[^>]*>(?:<svg(?:(?!<\/svg>)[\s\S])*<\/svg>)?Messages/,
    )?.[1];

  it("hands a taken conversation back: audited, shown to its keeper even when closed, told at the shared address again", async () => {
    const id = await share("A question for whoever is there.");
    const here = `/console/shares/${id}`;
    expect((await post(server, here, elenaCookie, { intent: "take" })).status).toBe(303);
    expect((await post(server, here, elenaCookie, { intent: "close" })).status).toBe(303);
    // Closed, and still hers: "Hand Back", not "Take".
    const hers = await (await get(server, here, elenaCookie)).text();
    expect(hers).toContain("Hand Back");
    expect(hers).not.toContain("Take This Conversation");
    expect(hers).toContain("taken by you");
    // Another keeper sees who has it; their "hand back" changes nothing.
    const his = await (await get(server, here, marcusCookie)).text();
    expect(his).toContain("taken by Elena Keeper");
    expect(his).not.toContain("Hand Back");
    expect((await post(server, here, marcusCookie, { intent: "release" })).status).toBe(303);
    expect((await shareRow(id))?.assigneeName).toBe("Elena Keeper");
    // A member cannot reach it; another site cannot make Elena's browser hand it back.
    expect((await post(server, here, cookie, { intent: "release" })).status).toBe(403);
    const forged = await postForm(
      server,
      here,
      { intent: "release" },
      { Origin: "https://evil.example", cookie: elenaCookie },
    );
    expect(forged.status).toBe(403);
    expect((await shareRow(id))?.assigneeName).toBe("Elena Keeper");

    const released = await post(server, here, elenaCookie, { intent: "release" });
    expect(released.status).toBe(303);
    expect(released.headers.get("location")).toBe(`${here}?done=release`);
    expect(await shareRow(id)).toMatchObject({ assigneeId: null, assigneeName: null });
    const page = await (await get(server, here, elenaCookie)).text();
    expect(page).toContain("not taken yet");
    expect(page).toContain("Take This Conversation");
    const audited = await db()
      .select({ action: auditLog.action, subject: auditLog.subjectUserId, actor: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, member.id)));
    expect(audited.filter((a) => a.action === "share.taken" || a.action === "share.released")).toEqual([
      { action: "share.taken", subject: member.id, actor: "Elena Keeper" },
      { action: "share.released", subject: member.id, actor: "Elena Keeper" },
    ]);
    // The member's next message is told at the keepers' shared address, not Elena's.
    await db().update(facilitatorShares).set({ keepersTold: null }).where(eq(facilitatorShares.id, id));
    await post(server, `/integration/shares/${id}`, cookie, { intent: "message", message: "Still here." });
    const [told] = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "share.notify"))).slice(-1);
    expect(told?.toAddress).toBe("keepers@example.org");
  });

  it("gives a member one Messages place: newest first, unread marked, paged, opened by the navigation", async () => {
    await db().delete(facilitatorShares).where(eq(facilitatorShares.userId, member.id));
    // None yet: the list, which says how one begins.
    expect(await messagesHref()).toBe("/messages");
    expect(await (await get(server, "/messages", cookie)).text()).toContain("No conversations yet.");
    // Only one: straight to it.
    const first = await share("The first thing I shared.");
    expect(await messagesHref()).toBe(`/integration/shares/${first}`);
    const second = await share("The second thing I shared.");
    expect(await messagesHref()).toBe("/messages");
    // One keeper's word unread: "Messages (1 new)" goes straight to that conversation.
    await post(server, `/console/shares/${first}`, elenaCookie, { intent: "reply", reply: "A keeper writes back." });
    const dashboard = await (await get(server, "/dashboard", cookie)).text();
    expect(dashboard).toContain("Messages (1 new)");
    expect(await messagesHref()).toBe(`/integration/shares/${first}`);
    await post(server, `/console/shares/${second}`, elenaCookie, { intent: "reply", reply: "And to this one." });
    expect(await messagesHref()).toBe("/messages");
    // The list: newest word first, both marked new, the member's own words, no one else's.
    const list = await (await get(server, "/messages", cookie)).text();
    expect(list.indexOf("The second thing I shared.")).toBeLessThan(list.indexOf("The first thing I shared."));
    expect(list.match(/New message/g)).toHaveLength(2);
    expect(list).not.toContain("A keeper writes back.");
    expect(await (await get(server, "/messages", otherCookie)).text()).not.toContain("The first thing I shared.");
    // Long: a page of 20 and an "Older" link.
    for (let n = 1; n <= 20; n++) await share(`Share number ${n}.`);
    const top = await (await get(server, "/messages", cookie)).text();
    expect(top).toContain("Share number 20.");
    expect(top).not.toContain("The first thing I shared.");
    expect(top).toContain('href="/messages?page=2"');
    // No keeper wrote in these: none is marked new.
    expect(top).not.toContain("New message");
    const older = await (await get(server, "/messages?page=2", cookie)).text();
    expect(older).toContain("The first thing I shared.");
    expect(older).toContain('href="/messages"');
    expect(older.match(/New message/g)).toHaveLength(2);
    // Staff have no member list of messages of their own here, and a visitor is sent to sign in.
    expect((await get(server, "/messages")).status).toBe(302);
  });

  it("lists a keeper's day across the tabs, urgent first then by the date to act by, in step with the badges", async () => {
    const hour = 3_600_000;
    const now = Date.now();
    const [asker] = await db()
      .insert(contactMessages)
      .values({
        name: "Contact Person",
        email: "c@example.org",
        message: "secret-words-7781",
        createdAt: new Date(now - 40 * hour),
      })
      .returning({ id: contactMessages.id });
    await db()
      .insert(accessRequests)
      .values({
        name: "Access Asker",
        email: "a@example.org",
        reason: "reason-words-7782",
        createdAt: new Date(now - 60 * hour),
      });
    await db()
      .insert(followUps)
      .values({
        userId: member.id,
        days: 14,
        dueAt: new Date(now - 2 * 24 * hour),
        answeredAt: new Date(now - hour),
        careReason: "crisis",
        careUrgent: true,
        careDueAt: new Date(now + 23 * hour),
      });

    const page = await (await get(server, "/console", elenaCookie)).text();
    const today = page.slice(page.indexOf('id="today-h"'), page.indexOf("Waiting for a keeper"));
    // Urgent first (the follow-up), then the contact message (48 hours from 40 hours ago: 8 hours
    // left), then the request (3 days from 60 hours ago: 12 hours), then the conversations (2 days).
    const order = [
      "A follow-up check-in spoke of harm or danger",
      "A contact message to answer",
      "An access request to decide",
    ];
    const at = order.map((why) => today.indexOf(why));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(today).toContain(`href="/console/inbox/${asker?.id}"`);
    // Who and why; never what was written.
    expect(today).not.toContain("secret-words-7781");
    expect(today).not.toContain("reason-words-7782");

    // Every item counted by its tab's badge, and every badge's items on the list (the same rules).
    const counts = await waitingWork(db());
    const all = await keepersToday(db(), 1000);
    const byKind = Object.fromEntries(
      Object.keys(counts).map((k) => [k, all.items.filter((i) => i.kind === k).length]),
    );
    expect(byKind).toEqual(counts);
    expect(all.more).toBe(0);
    // Bounded: the first few, and how many more.
    const bounded = await keepersToday(db(), 2);
    expect(bounded.items).toHaveLength(2);
    expect(bounded.more).toBe(Object.values(counts).reduce((a, b) => a + b, 0) - 2);
    for (const [kind, n] of Object.entries(counts)) {
      if (n > 0 && kind !== "mentorship") expect(page).toMatch(new RegExp(`>${n}<span class="sr-only"> waiting`));
    }
    // A member cannot reach it.
    expect((await get(server, "/console", cookie)).status).toBe(403);
  });
});
