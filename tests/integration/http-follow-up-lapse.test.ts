import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ANSWER_WITHIN_DAYS } from "../../app/modules/follow-ups/follow-ups.server";
import { FOLLOW_UP_MESSAGES } from "../../app/modules/follow-ups/messages";
import { followUps } from "../../db/schema";
import { createAccount, get, post, signInStaff, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { walkPages } from "../support/pages";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 47: a check-in asks the member for two weeks after it falls due (the WHO-5's window), then lapses: the
 * dashboard lists the few still open, never every one left open over the years; a lapsed one's page takes no answer;
 * the keepers keep it in their queue (missed since its seventh day) until they mark it done.
 */

const DAY = 86_400_000;
const QUEUED = /name="followUpId" value="(\d+)"/g;
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describeEachBackend("a check-in lapses two weeks after it was due", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  let keeperCookie: string;
  const ids = { open: 0, lapsed: 0, early: 0 };
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie, otherCookie } = await twoMembers(server, "Lapse Member"));
    const keeper = await createAccount(server, "keeper", "Lapse Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    const now = Date.now();
    const insert = async (dueAt: number, missed = false) => {
      const [row] = await server.database.db
        .insert(followUps)
        .values({
          userId: member.id,
          days: 2,
          dueAt: new Date(dueAt),
          invitedAt: new Date(dueAt),
          ...(missed ? { careReason: "missed" as const, careDueAt: new Date(dueAt + 10 * DAY) } : {}),
        })
        .returning({ id: followUps.id });
      return row?.id ?? 0;
    };
    ids.open = await insert(now - (ANSWER_WITHIN_DAYS - 1) * DAY, true);
    ids.lapsed = await insert(now - (ANSWER_WITHIN_DAYS + 1) * DAY, true);
    ids.early = await insert(now + 2 * DAY);
    // Months of check-ins left unanswered (a member who stopped answering): none is asked any more.
    for (let i = 0; i < 40; i++) await insert(now - (ANSWER_WITHIN_DAYS + 2 + i * 4) * DAY, true);
  });
  afterAll(() => server.close());

  it("lists on the dashboard only the check-ins still open, not those lapsed or not yet due", async () => {
    const html = await (await get(server, "/dashboard", cookie)).text();
    expect(html).toContain("A check-in is waiting for you");
    const listed = [...html.matchAll(/href="\/follow-ups\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(listed).toEqual([ids.open]);
  });

  it("closes a lapsed check-in's page to answers, and keeps it in the keepers' queue", async () => {
    const page = await (await get(server, `/follow-ups/${ids.lapsed}`, cookie)).text();
    expect(page).toContain(escaped(FOLLOW_UP_MESSAGES.lapsed));
    expect(page).not.toContain('name="note"');
    const late = await post(server, `/follow-ups/${ids.lapsed}`, cookie, { intent: "answer", note: "Late words." });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(escaped(FOLLOW_UP_MESSAGES.lapsed));
    const [row] = await server.database.db.select().from(followUps).where(eq(followUps.id, ids.lapsed));
    expect(row?.answeredAt).toBeNull();
    // Somewhere in the keepers' queue (a page at a time), as are the older ones left unanswered.
    const queue = await walkPages(server, "/console/follow-ups", keeperCookie, QUEUED, "Later follow-ups");
    expect(queue.flat()).toContain(ids.lapsed);
    expect(queue.flat()).toHaveLength(42);
  });

  it("still takes the answer of one open, and only from its own member", async () => {
    expect((await get(server, `/follow-ups/${ids.open}`, otherCookie)).status).toBe(404);
    const theirs = await post(server, `/follow-ups/${ids.open}`, otherCookie, { intent: "answer", note: "Not mine." });
    expect(theirs.status).toBe(404);
    const answered = await post(server, `/follow-ups/${ids.open}`, cookie, { intent: "answer", note: "Steadier." });
    expect(answered.status).toBe(303);
    const html = await (await get(server, "/dashboard", cookie)).text();
    expect(html).not.toContain("A check-in is waiting for you");
    // Answered within its two weeks, the missed one closes itself for the keepers.
    const queue = await walkPages(server, "/console/follow-ups", keeperCookie, QUEUED, "Later follow-ups");
    expect(queue.flat()).not.toContain(ids.open);
    expect(queue.flat()).toContain(ids.lapsed);
  });
});
