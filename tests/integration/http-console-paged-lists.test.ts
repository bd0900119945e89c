import { afterAll, beforeAll, expect, it } from "vitest";
import { INBOX_PAGE_SIZE } from "../../app/modules/contact/contact.server";
import { QUEUE_PAGE_SIZE } from "../../app/modules/follow-ups/queue.server";
import { SHARES_PAGE_SIZE } from "../../app/modules/integration/shares.server";
import { ISSUE_PAGE_SIZE } from "../../app/modules/newsletter/newsletter-issues.server";
import { contactMessages, facilitatorShares, followUps, newsletterIssues } from "../../db/schema";
import { createAccount, get, signInStaff, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { joined, walkPages } from "../support/pages";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 47: the console's growing lists are pages of 20 to 50 (`?before=`), plain links that work without
 * JavaScript: the inbox (waiting, oldest first; handled, newest first), shares waiting for a keeper (urgent first),
 * the newsletter's issues and the follow-up queue (urgent first, then the soonest due). Each walk must show every row
 * once, in the list's order, with ties of the instant across a page's edge; a member is refused every page.
 */

const HOUR = 3_600_000;
const base = Date.UTC(2026, 0, 15, 12);
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describeEachBackend("the console's lists, a page at a time", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let memberCookie: string;
  let keeperCookie: string;
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie: memberCookie } = await twoMembers(server, "Paged Member"));
    const keeper = await createAccount(server, "keeper", "Paging Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
  });
  afterAll(() => server.close());

  /** Walks a list and checks it: the first page full, the rest after it, every row once. */
  async function walk(start: string, pattern: RegExp, label: string, expected: number[], pageSize: number) {
    const pages = await walkPages(server, start, keeperCookie, pattern, label);
    expect(pages[0]).toHaveLength(pageSize);
    expect(pages.map((p) => p.length)).toEqual([pageSize, expected.length - pageSize]);
    const { all, repeated } = joined(pages);
    expect(repeated).toBe(0);
    expect(sorted(all)).toEqual(sorted(expected));
    return pages;
  }

  it("pages the inbox: waiting oldest first (urgent before), handled newest first", async () => {
    const extra = 5;
    const waiting: { id: number; urgent: boolean }[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + extra; i++) {
      const urgent = i % 8 === 0;
      // From the 20th on, one instant: ties across the page's edge.
      const createdAt = new Date(base + Math.min(i, 20) * HOUR);
      const [row] = await db()
        .insert(contactMessages)
        .values({ name: `Visitor ${i}`, email: `v${i}@example.org`, message: "A question.", urgent, createdAt })
        .returning({ id: contactMessages.id });
      waiting.push({ id: row?.id ?? 0, urgent });
    }
    const pages = await walk(
      "/console/inbox",
      /href="\/console\/inbox\/(\d+)"/g,
      "Later messages",
      waiting.map((w) => w.id),
      INBOX_PAGE_SIZE,
    );
    const urgent = waiting.filter((w) => w.urgent).map((w) => w.id);
    expect(sorted(pages[0]?.slice(0, urgent.length) ?? [])).toEqual(sorted(urgent));
    // Oldest first: the non-urgent ones in the order they came (the id breaks the tie).
    expect(pages.flat().slice(urgent.length)).toEqual(waiting.filter((w) => !w.urgent).map((w) => w.id));

    const handled: number[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 3; i++) {
      const [row] = await db()
        .insert(contactMessages)
        .values({
          name: `Answered ${i}`,
          email: `a${i}@example.org`,
          message: "Thank you.",
          urgent: i === 7,
          handledAt: new Date(base + Math.min(i, 25) * HOUR),
          handledByName: "Paging Keeper",
          createdAt: new Date(base),
        })
        .returning({ id: contactMessages.id });
      handled.push(row?.id ?? 0);
    }
    await walk("/console/inbox?show=handled", /href="\/console\/inbox\/(\d+)"/g, "Older", handled, INBOX_PAGE_SIZE);
  });

  it("pages the shares waiting for a keeper, urgent first, and all of them by the newest", async () => {
    const extra = 6;
    const waiting: { id: number; urgent: boolean }[] = [];
    for (let i = 0; i < SHARES_PAGE_SIZE + extra; i++) {
      const urgent = i % 9 === 0;
      const [row] = await db()
        .insert(facilitatorShares)
        .values({ userId: member.id, kind: "share", sealed: "sealed", urgent, status: "waiting-keeper" })
        .returning({ id: facilitatorShares.id });
      waiting.push({ id: row?.id ?? 0, urgent });
    }
    const closed = await db()
      .insert(facilitatorShares)
      .values(
        [0, 1, 2].map(() => ({
          userId: member.id,
          kind: "share" as const,
          sealed: "sealed",
          status: "closed" as const,
        })),
      )
      .returning({ id: facilitatorShares.id });
    const pattern = /href="\/console\/shares\/(\d+)"/g;
    const pages = await walk(
      "/console/shares",
      pattern,
      "Older",
      waiting.map((w) => w.id),
      SHARES_PAGE_SIZE,
    );
    const urgent = waiting.filter((w) => w.urgent).map((w) => w.id);
    expect(pages[0]?.slice(0, urgent.length)).toEqual([...urgent].reverse());
    const every = [...waiting.map((w) => w.id), ...closed.map((c) => c.id)];
    const all = await walk("/console/shares?show=all", pattern, "Older", every, SHARES_PAGE_SIZE);
    expect(all.flat()).toEqual([...every].sort((a, b) => b - a));
  });

  it("pages the newsletter's issues, newest first", async () => {
    const rows = await db()
      .insert(newsletterIssues)
      .values(
        Array.from({ length: ISSUE_PAGE_SIZE + 3 }, (_, i) => ({
          subject: `Letter ${i}`,
          body: "A word from the temple.",
          authorName: "Paging Keeper",
        })),
      )
      .returning({ id: newsletterIssues.id });
    const ids = rows.map((r) => r.id);
    const pages = await walk(
      "/console/newsletter",
      /href="\/console\/newsletter\/(\d+)"/g,
      "Older",
      ids,
      ISSUE_PAGE_SIZE,
    );
    expect(pages.flat()).toEqual([...ids].sort((a, b) => b - a));
  });

  it("pages the follow-up queue, urgent first, then the soonest due", async () => {
    const extra = 4;
    const queue: { id: number; urgent: boolean }[] = [];
    for (let i = 0; i < QUEUE_PAGE_SIZE + extra; i++) {
      const urgent = i % 10 === 0;
      const [row] = await db()
        .insert(followUps)
        .values({
          userId: member.id,
          days: 14,
          dueAt: new Date(base - 10 * 24 * HOUR),
          careReason: urgent ? "crisis" : "missed",
          careUrgent: urgent,
          careDueAt: new Date(base + Math.min(i, 24) * HOUR),
        })
        .returning({ id: followUps.id });
      queue.push({ id: row?.id ?? 0, urgent });
    }
    const pages = await walk(
      "/console/follow-ups",
      /name="followUpId" value="(\d+)"/g,
      "Later follow-ups",
      queue.map((q) => q.id),
      QUEUE_PAGE_SIZE,
    );
    const urgent = queue.filter((q) => q.urgent).map((q) => q.id);
    expect(pages.flat()).toEqual([...urgent, ...queue.filter((q) => !q.urgent).map((q) => q.id)]);
  });

  it("refuses every page to a member and to no one signed in, whatever the cursor", async () => {
    for (const path of [
      "/console/inbox?before=n_2026-01-15T12:00:00.000Z_1",
      "/console/inbox?show=handled&before=u_2026-01-15T12:00:00.000Z_1",
      "/console/shares?before=u5",
      "/console/newsletter?before=5",
      "/console/follow-ups?before=n_2026-01-15T12:00:00.000Z_1",
    ]) {
      expect((await get(server, path, memberCookie)).status, path).toBe(403);
      const signedOut = await get(server, path);
      expect(signedOut.status, path).toBeGreaterThanOrEqual(300);
      expect(signedOut.status, path).toBeLessThan(400);
      // An unusable cursor is the first page, never an error.
      expect((await get(server, path.replace(/before=[^&]*/, "before=%27%3B--"), keeperCookie)).status, path).toBe(200);
    }
  });
});
