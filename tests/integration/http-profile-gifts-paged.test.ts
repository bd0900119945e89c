import { afterAll, beforeAll, expect, it } from "vitest";
import { formatCents } from "../../app/modules/giving/amounts";
import { MEMBER_GIFT_PAGE_SIZE } from "../../app/modules/giving/member-gifts.server";
import { gifts } from "../../db/schema";
import { get, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { joined, walkPages } from "../support/pages";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 47: /profile lists the member's gifts a page at a time (`?before=`, "Older gifts"), a plain link that works
 * without JavaScript, so years of monthly collections cost one page. A year split over two pages says its whole total
 * on both; another member's cursor shows them only their own gifts.
 */

const RECEIPT = /receipt (\d+)/g;

describeEachBackend("the member's gifts on /profile, a page at a time", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  const ids: number[] = [];
  const extra = 4;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie, otherCookie } = await twoMembers(server, "Gift Giver"));
    // One more than a page and a few: a day apart in 2025, newest first, and four given in person on one
    // day at one instant, across the page's edge (the id breaks the tie); one of them refunded.
    for (let i = 0; i < MEMBER_GIFT_PAGE_SIZE + extra; i++) {
      const tied = i >= MEMBER_GIFT_PAGE_SIZE - 2 && i < MEMBER_GIFT_PAGE_SIZE + 2;
      const [row] = await server.database.db
        .insert(gifts)
        .values({
          method: "cash",
          kind: "offering",
          amountCents: 1000,
          donorName: member.name,
          donorEmail: member.email,
          userId: member.id,
          givenAt: tied ? new Date(Date.UTC(2025, 5, 1, 12)) : new Date(Date.UTC(2025, 11, 30, 12) - i * 86_400_000),
          refundedAt: i === 3 ? new Date(Date.UTC(2026, 0, 5)) : null,
        })
        .returning({ id: gifts.id });
      ids.push(row?.id ?? 0);
    }
  });
  afterAll(() => server.close());

  it("shows a page of gifts and leads to the older ones by a plain link, none twice and none left out", async () => {
    const pages = await walkPages(server, "/profile", cookie, RECEIPT, "Older gifts");
    expect(pages.map((p) => p.length)).toEqual([MEMBER_GIFT_PAGE_SIZE, extra]);
    const { all, repeated } = joined(pages);
    expect(repeated).toBe(0);
    expect([...all].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Newest first across the pages: the first page holds the newest gift, the last the oldest of the tied ones.
    expect(pages[0]?.[0]).toBe(ids[0]);
  });

  it("says a year's whole total on every page that shows part of it, refunds left out", async () => {
    const total = formatCents((MEMBER_GIFT_PAGE_SIZE + extra - 1) * 1000);
    const first = await (await get(server, "/profile", cookie)).text();
    const cursor = first.match(/href="\/profile\?before=([^"#]+)#giving"/)?.[1];
    expect(cursor).toBeDefined();
    const second = await (await get(server, `/profile?before=${cursor}`, cookie)).text();
    for (const page of [first, second]) {
      expect(page).toContain("Total given: ");
      expect(page).toContain(total);
      expect(page).toContain("Download 2025 statement");
    }
    expect(second).not.toContain("Older gifts");
  });

  it("gives another member only their own gifts, whatever the cursor, and no one signed out a page", async () => {
    const first = await (await get(server, "/profile", cookie)).text();
    const cursor = first.match(/href="\/profile\?before=([^"#]+)#giving"/)?.[1];
    const theirs = await get(server, `/profile?before=${cursor}`, otherCookie);
    expect(theirs.status).toBe(200);
    const html = await theirs.text();
    expect([...html.matchAll(RECEIPT)]).toEqual([]);
    expect(html).toContain("No gifts yet.");
    const signedOut = await get(server, `/profile?before=${cursor}`);
    expect(signedOut.status).toBeGreaterThanOrEqual(300);
    expect(signedOut.status).toBeLessThan(400);
    expect(signedOut.headers.get("location")).toContain("/sacred-access");
    // An unusable cursor starts from the newest, never an error.
    for (const hostile of ["x", "2025-13-01T00:00:00.000Z_1", "2025-06-01T12:00:00.000Z_0", "_", "9".repeat(40)]) {
      const res = await get(server, `/profile?before=${encodeURIComponent(hostile)}`, cookie);
      expect(res.status, hostile).toBe(200);
      expect([...(await res.text()).matchAll(RECEIPT)]).toHaveLength(MEMBER_GIFT_PAGE_SIZE);
    }
  });
});
