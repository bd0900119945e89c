import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import "~/modules/registry.server";
import { RECURRING_MESSAGES } from "~/modules/giving/recurring-messages";
import { collectTestSubscriptions, TEST_RETRY_DAYS } from "~/modules/payments/test-collections.server";
import { gifts, mailOutbox, payments, rateLimits, recurringGifts, testProviderSubscriptions } from "../../db/schema";
import { createAccount, get, post, signInStaff, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { readPdf } from "../support/pdf";
import { postForm, startTestServer, type TestServer } from "../support/server";

/*
 * Recurring offerings with the test provider (issue 34): started from /donation by a signed-in
 * member, approved on the test approval page, collected on the provider's schedule (each a gift
 * with its receipt, in the statement), managed from /profile (each change confirmed by email), and
 * failed collections retried, told kindly to the donor and shown to the keepers.
 */
describeEachBackend("recurring offerings with the test provider over HTTP", (backend) => {
  let server: TestServer;
  const DAY = 86_400_000;
  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(gifts);
    await db.delete(payments);
    await db.delete(recurringGifts);
    await db.delete(testProviderSubscriptions);
    await db.delete(mailOutbox);
  });
  const db = () => server.database.db;
  const mails = async (kind: string) => db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  const collect = (at: Date) => collectTestSubscriptions(db(), server.env, at);
  const path = (res: Response) => new URL(res.headers.get("location") ?? "", "http://x");

  /** /donation every month -> the test approval page -> the decision -> the return page's post. */
  async function start(cookie: string, fields: Record<string, string> = {}, decision = "approve") {
    const started = await post(server, "/donation", cookie, {
      intent: "give",
      tier: "108",
      amount: "",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
      frequency: "month",
      _key: `recurring-${Math.random().toString(36).slice(2)}-key`,
      ...fields,
    });
    expect(started.status).toBe(303);
    const approval = path(started).pathname;
    expect(approval).toMatch(/^\/payments\/test\/TEST-SUB-/);
    const page = await (await fetch(`${server.url}${approval}`)).text();
    expect(page).toContain("every month");
    const decided = await postForm(server, approval, { decision });
    const back = path(decided);
    expect(back.pathname).toMatch(/^\/profile\/recurring\/[0-9a-f-]{36}\/return$/);
    expect(back.searchParams.get("subscription_id")).toMatch(/^TEST-SUB-/);
    const returned = await post(
      server,
      `${back.pathname}${back.search}`,
      cookie,
      back.searchParams.has("cancelled") ? { cancelled: "1" } : {},
    );
    const [row] = await db().select().from(recurringGifts).orderBy(recurringGifts.createdAt);
    return { returned, row, approval };
  }

  it("refuses a visitor who is not signed in, storing nothing", async () => {
    const res = await postForm(server, "/donation", {
      intent: "give",
      tier: "108",
      amount: "",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
      frequency: "month",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(RECURRING_MESSAGES.signIn);
    const bad = await postForm(server, "/donation", {
      intent: "give",
      tier: "108",
      amount: "",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
      frequency: "weekly",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(RECURRING_MESSAGES.frequency);
    expect(await db().select().from(recurringGifts)).toHaveLength(0);
  });

  it("starts, collects each month as a gift with its receipt, and counts in the statement", async () => {
    const { member, cookie } = await twoMembers(server, "Józef Kowalski");
    const { returned, row } = await start(cookie, { coverFee: "on" });
    expect(returned.status).toBe(303);
    expect(returned.headers.get("location")).toBe("/profile?done=recurring-started#recurring");
    expect(row).toMatchObject({
      status: "active",
      userId: member.id,
      amountCents: 10800,
      feeCents: 442,
      interval: "month",
    });
    const [started] = await mails("recurring.started");
    expect(started?.subject).toBe("Your monthly offering is set up");
    expect(started?.textBody).toContain("$108.00 and $4.42 to cover the processing fee, every month");
    // The first collection at once, then one a month: a run twice at the same moment collects once.
    const now = new Date();
    expect(await collect(now)).toBe(1);
    expect(await collect(now)).toBe(0);
    expect(await collect(new Date(now.getTime() + 20 * DAY))).toBe(0);
    expect(await collect(new Date(now.getTime() + 32 * DAY))).toBe(1);
    const given = await db()
      .select()
      .from(gifts)
      .where(eq(gifts.recurringId, row?.id ?? ""));
    expect(given).toHaveLength(2);
    expect(given[0]).toMatchObject({ amountCents: 11242, feeCents: 442, userId: member.id, kind: "offering" });
    const receipts = await mails("gift.receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts[0]?.textBody).toContain("It is one of your monthly offerings.");
    const year = new Date().getUTCFullYear();
    const statement = await get(server, `/profile/giving-statement/${year}`, cookie);
    const { text } = await readPdf(new Uint8Array(await statement.arrayBuffer()));
    expect(text).toMatch(/Total \(\d gifts?\)/);
    expect(text).toContain("Offering, Online, monthly (with $4.42 fee) $112.42");
    // The console says it the same way (issue 48: the method on the statement, the profile and the console).
    const { cookie: staffCookie } = await signInStaff(server, await createAccount(server, "admin"));
    expect(await (await get(server, "/console/giving", staffCookie)).text()).toContain("Online, monthly");
    // The member's data download holds it, and its gifts name it.
    const exported = await (await get(server, "/profile/export", cookie)).json();
    expect(exported.recurringOfferings).toEqual([
      expect.objectContaining({ id: row?.id, interval: "month", amountCents: 10800, feeCents: 442, status: "active" }),
    ]);
    expect(exported.gifts.every((g: { recurringId: string }) => g.recurringId === row?.id)).toBe(true);
    // The profile shows it with its forms.
    const profile = await (await get(server, "/profile", cookie)).text();
    expect(profile).toContain("Monthly offering: $108.00 and $4.42 for the fee");
    expect(profile).toContain('value="recurring-pause"');
  });

  it("changes, pauses, resumes and cancels from the profile, each confirmed by email, never another's", async () => {
    const { cookie, otherCookie } = await twoMembers(server);
    const { row } = await start(cookie);
    const id = row?.id ?? "";
    const sub = async () => (await db().select().from(testProviderSubscriptions))[0];
    const act = (
      intent: string,
      fields: Record<string, string> = {},
      as = cookie,
      key = `${intent}-key-${Math.random()}`,
    ) =>
      post(server, "/profile", as, {
        intent,
        recurring: id,
        _key: key.slice(0, 60).replace(/[^A-Za-z0-9-]/g, "x"),
        ...fields,
      });

    // Another member's post: 404, and nothing changes.
    const theirs = await act("recurring-pause", {}, otherCookie);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toContain(RECURRING_MESSAGES.notYours.description);
    expect((await sub())?.status).toBe("active");

    const low = await act("recurring-amount", { amount: "5" });
    expect(low.status).toBe(400);
    expect(await low.text()).toContain("Minimum donation is $20");
    const changed = await act("recurring-amount", { amount: "50" });
    expect(changed.headers.get("location")).toBe("/profile?done=recurring-amount#recurring");
    expect((await sub())?.amountCents).toBe(5000);
    expect((await mails("recurring.amount"))[0]?.textBody).toContain("$50.00, every month");

    const key = "pause-key-0000000000001";
    expect((await act("recurring-pause", {}, cookie, key)).status).toBe(303);
    // Sent again (a lost answer): the same answer, one email.
    expect((await act("recurring-pause", {}, cookie, key)).status).toBe(303);
    expect(await mails("recurring.paused")).toHaveLength(1);
    expect((await sub())?.status).toBe("suspended");
    expect(await collect(new Date(Date.now() + 70 * DAY))).toBe(0);
    // Paused already: pausing with a new key is refused.
    expect((await act("recurring-pause")).status).toBe(409);

    expect((await act("recurring-resume")).status).toBe(303);
    expect((await sub())?.status).toBe("active");
    expect(await mails("recurring.resumed")).toHaveLength(1);

    expect((await act("recurring-cancel")).status).toBe(303);
    expect((await sub())?.status).toBe("cancelled");
    expect((await mails("recurring.cancelled"))[0]?.subject).toBe("Your monthly offering is cancelled");
    // A cancelled offering never collects again, and cannot be resumed.
    expect(await collect(new Date(Date.now() + 400 * DAY))).toBe(0);
    expect(await db().select().from(gifts)).toHaveLength(0);
    expect((await act("recurring-resume")).status).toBe(409);
  });

  it("retries a failed collection, tells the donor kindly and the keepers, then pauses after three", async () => {
    const { cookie } = await twoMembers(server);
    const { row } = await start(cookie, {}, "approve-failing");
    const now = Date.now();
    await collect(new Date(now));
    let [failing] = await db().select().from(recurringGifts);
    expect(failing).toMatchObject({ status: "active", failedPayments: 1 });
    expect(failing?.nextRetryAt?.getTime()).toBeGreaterThan(now + (TEST_RETRY_DAYS - 1) * DAY);
    const [told] = await mails("recurring.failed");
    expect(told?.subject).toBe("Your monthly offering did not go through this time");
    expect(told?.textBody).toContain("there is nothing you must do");
    const [keepers] = await mails("recurring.failed.notify");
    expect(keepers?.toAddress).toBe("keepers@example.org");
    expect(keepers?.textBody).not.toContain("ana@example.org");
    const admin = await createAccount(server, "admin");
    const { cookie: adminCookie } = await signInStaff(server, admin);
    const console = await (await get(server, "/console/giving", adminCookie)).text();
    expect(console).toContain("Collections that did not go through");
    expect(console).toContain("ana@example.org");

    await collect(new Date(now + (TEST_RETRY_DAYS + 1) * DAY));
    await collect(new Date(now + 2 * (TEST_RETRY_DAYS + 1) * DAY));
    [failing] = await db()
      .select()
      .from(recurringGifts)
      .where(eq(recurringGifts.id, row?.id ?? ""));
    expect(failing).toMatchObject({ status: "paused", failedPayments: 3 });
    expect(await mails("recurring.failed")).toHaveLength(3);
    expect((await mails("recurring.paused-failing"))[0]?.textBody).toContain("You owe nothing for it.");
    expect(await db().select().from(gifts)).toHaveLength(0);
    const profile = await (await get(server, "/profile", cookie)).text();
    expect(profile).toContain("It was paused after several collections did not go through.");
  });

  it("stores nothing given when the donor turns back on the approval page", async () => {
    const { cookie } = await twoMembers(server);
    const { returned, row } = await start(cookie, {}, "cancel");
    expect(returned.headers.get("location")).toBe("/donation?payment=cancelled");
    expect(row?.status).toBe("cancelled");
    expect(await mails("recurring.started")).toHaveLength(0);
    expect(await collect(new Date(Date.now() + 40 * DAY))).toBe(0);
  });

  it("ends every recurring offering at the provider when the account is deleted", async () => {
    const { member, cookie } = await twoMembers(server);
    await start(cookie);
    const deleted = await post(server, "/profile", cookie, {
      intent: "delete",
      confirm: "on",
      currentPassword: member.password,
    });
    expect(deleted.status).toBe(303);
    const [sub] = await db().select().from(testProviderSubscriptions);
    expect(sub?.status).toBe("cancelled");
    expect(
      await db()
        .select()
        .from(recurringGifts)
        .where(and(eq(recurringGifts.status, "active"))),
    ).toHaveLength(0);
  });
});
