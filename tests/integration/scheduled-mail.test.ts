import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { sendIntegrationPrompts } from "../../app/modules/bookings/schedule.server";
import { isReminderHour, sendJournalReminders } from "../../app/modules/journal/reminders.server";
import { bookings, mailOutbox, users } from "../../db/schema";
import { createAccount, post, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * The members' mail settings do what they say (issue 15): the weekly journal reminder on Sunday
 * evening in the member's zone, only in weeks without an entry; one integration invitation after
 * a booked session ends, only when Integration prompts is on. Each is sent once, however often
 * the timer runs, and never to a member who turned it off.
 */
const SITE = "https://sacredpath.example";
// Sunday 29 November 2026, 18:30 in New York (23:30 UTC); 07:30 on Monday in Tokyo.
const SUNDAY_EVENING_NY = new Date("2026-11-29T23:30:00Z");

/** The first whole hour from `from` that is Sunday evening in New York (at most a week on). */
function nextSundayEvening(from: Date): Date {
  const at = new Date(Math.ceil(from.getTime() / 3_600_000) * 3_600_000 + 30 * 60_000);
  while (!isReminderHour(at, "America/New_York")) at.setTime(at.getTime() + 3_600_000);
  return at;
}

describeEachBackend("scheduled member mail", (backend) => {
  let server: TestServer;
  const db = () => server.database.db;
  const mailsOf = async (kind: string) => db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  const settings = async (member: TestAccount, fields: Record<string, string>) => {
    const { cookie } = await signIn(server, member.username, member.password);
    expect((await post(server, "/profile", cookie, { intent: "settings", ...fields })).status).toBe(303);
    return cookie;
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(mailOutbox);
  });

  it("knows Sunday evening in each member's own zone", () => {
    expect(isReminderHour(SUNDAY_EVENING_NY, "America/New_York")).toBe(true);
    expect(isReminderHour(SUNDAY_EVENING_NY, "Asia/Tokyo")).toBe(false);
    expect(isReminderHour(new Date("2026-11-29T20:00:00Z"), "America/New_York")).toBe(false); // 15:00
    expect(isReminderHour(new Date("2026-11-29T18:00:00Z"), "Europe/Warsaw")).toBe(true); // 19:00
  });

  it("reminds members who have not written this week, once, in their zone, unless they turned it off", async () => {
    const quiet = await createAccount(server, "member", "Quiet Writer");
    const writer = await createAccount(server, "member", "Busy Writer");
    const off = await createAccount(server, "member", "No Reminders");
    const tokyo = await createAccount(server, "member", "Tokyo Member");
    const unproven = await createAccount(server, "member", "Unproven Address");
    const all = [quiet, writer, off, tokyo, unproven];
    await db()
      .update(users)
      .set({ emailVerified: true })
      .where(
        inArray(
          users.id,
          all.map((a) => a.id),
        ),
      );
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, unproven.id));
    const writerCookie = await settings(writer, { journalReminders: "on", timezone: "America/New_York" });
    await settings(off, { emailNotifications: "on", timezone: "America/New_York" });
    await settings(tokyo, { journalReminders: "on", timezone: "Asia/Tokyo" });
    const wrote = await post(server, "/journals", writerCookie, {
      intent: "create",
      title: "This week",
      content: "I wrote this week, so no reminder for me.",
      intensity: "5",
      ceremonyContext: "ceremony",
    });
    expect(wrote.status).toBe(303);

    // The entry was written now; the reminder runs on the coming Sunday evening, within the week.
    const asOf = nextSundayEvening(new Date());
    await Promise.all([sendJournalReminders(db(), SITE, asOf), sendJournalReminders(db(), SITE, asOf)]);
    const sent = await mailsOf("journal.reminder");
    const to = sent.map((m) => m.toAddress);
    expect(to).toContain(quiet.email);
    expect(to.filter((a) => a === quiet.email)).toHaveLength(1);
    for (const skipped of [off, tokyo, unproven]) expect(to).not.toContain(skipped.email);
    expect(to).not.toContain(writer.email);
    const mail = sent.find((m) => m.toAddress === quiet.email);
    expect(mail?.textBody).toContain(`${SITE}/journals`);
    expect(mail?.textBody).toContain("You can turn these reminders off under Settings on your profile.");

    // A week on, still not written: one more; the same evening again: none.
    await sendJournalReminders(db(), SITE, asOf);
    expect((await mailsOf("journal.reminder")).filter((m) => m.toAddress === quiet.email)).toHaveLength(1);
    await sendJournalReminders(db(), SITE, new Date(asOf.getTime() + 7 * 24 * 3_600_000));
    expect((await mailsOf("journal.reminder")).filter((m) => m.toAddress === quiet.email)).toHaveLength(2);
  });

  it("invites the member to record a session's integration once it has ended, only with Integration prompts on", async () => {
    const keen = await createAccount(server, "member", "Keen Integrator");
    const plain = await createAccount(server, "member", "Default Settings");
    await settings(keen, { integrationPrompts: "on", timezone: "UTC" });
    const now = new Date();
    const booking = (id: string, userId: string | null, endedMinutesAgo: number): typeof bookings.$inferInsert => ({
      id,
      offerId: "preparation",
      startsAt: new Date(now.getTime() - (45 + endedMinutesAgo) * 60_000),
      minutes: 45,
      priceCents: 60000,
      status: "confirmed",
      fullName: id,
      email: `${id}@example.org`,
      phone: "",
      userId,
    });
    await db()
      .insert(bookings)
      .values([
        booking("keen-ended", keen.id, 10),
        booking("plain-ended", plain.id, 20),
        booking("visitor-ended", null, 30),
        { ...booking("keen-running", keen.id, 0), startsAt: new Date(now.getTime() - 10 * 60_000) },
      ]);
    await Promise.all([sendIntegrationPrompts(db(), SITE, now), sendIntegrationPrompts(db(), SITE, now)]);
    await sendIntegrationPrompts(db(), SITE, now);
    const sent = await mailsOf("integration.prompt");
    expect(sent.map((m) => m.toAddress)).toEqual(["keen-ended@example.org"]);
    expect(sent[0]?.textBody).toContain(`${SITE}/integration`);
    // The running session is invited once it ends.
    await sendIntegrationPrompts(db(), SITE, new Date(now.getTime() + 40 * 60_000));
    expect((await mailsOf("integration.prompt")).map((m) => m.toAddress).sort()).toEqual([
      "keen-ended@example.org",
      "keen-running@example.org",
    ]);
  });
});
