import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { planCeremonyAftercare } from "../../app/modules/ceremonies/aftercare.server";
import { ceremonyAttendance, ceremonyDays, ceremonyPlaces, followUps, mailOutbox } from "../../db/schema";
import { createAccount, get, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 49, what follows: once a ceremony day has ended, each participant who came is offered an
 * integration session and gets the follow-up check-ins built for sessions, once; one who did not
 * come, or whose place was not confirmed, gets nothing; the member sees their ceremony on their page.
 */

describeEachBackend("ceremonies: after-care", (backend) => {
  let server: TestServer;
  const people: Record<string, TestAccount> = {};
  const db = () => server.database.db;
  const endsAt = new Date(Date.now() - 3_600_000);
  beforeAll(async () => {
    server = await startTestServer(backend, { CEREMONIES: "open", FOLLOW_UP_DAYS: "2,14,90" });
    for (const name of ["Came", "Stayed Home", "Declined"]) people[name] = await createAccount(server, "member", name);
    const startsAt = new Date(endsAt.getTime() - 8 * 3_600_000);
    const [day] = await db()
      .insert(ceremonyDays)
      .values({ place: "The Cedar House", startsAt, endsAt, capacity: 4, createdByName: "Keeper" })
      .returning();
    const place = async (name: string, status: "confirmed" | "declined") =>
      (
        await db()
          .insert(ceremonyPlaces)
          .values({ dayId: day?.id ?? 0, userId: people[name]?.id ?? "", status })
          .returning()
      )[0]?.id ?? 0;
    const came = await place("Came", "confirmed");
    const stayed = await place("Stayed Home", "confirmed");
    await place("Declined", "declined");
    await db()
      .insert(ceremonyAttendance)
      .values([
        {
          placeId: came,
          arrivedAt: new Date(startsAt.getTime() - 600_000),
          departedAt: endsAt,
          recordedByName: "Keeper",
        },
        { placeId: stayed, recordedByName: "Keeper" },
      ]);
  });
  afterAll(() => server.close());

  it("offers integration and plans the check-ins once, to those who came", async () => {
    expect(await planCeremonyAftercare(db(), server.env)).toBe(1);
    expect(await planCeremonyAftercare(db(), server.env)).toBe(0);
    const came = people.Came as TestAccount;
    const planned = await db().select().from(followUps).where(eq(followUps.userId, came.id));
    expect(planned.map((f) => f.days).sort((a, b) => a - b)).toEqual([2, 14, 90]);
    for (const item of planned) expect(item.dueAt.getTime()).toBe(endsAt.getTime() + item.days * 86_400_000);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "ceremony.aftercare"));
    expect(mails.map((m) => m.toAddress)).toEqual([came.email]);
    expect(mails[0]?.textBody).toContain("/integration");
    for (const name of ["Stayed Home", "Declined"]) {
      expect(
        await db()
          .select()
          .from(followUps)
          .where(eq(followUps.userId, people[name]?.id ?? "")),
      ).toHaveLength(0);
    }
    // The member's own record of their ceremony, and their first check-in's page.
    const { cookie } = await signIn(server, came.username, came.password);
    const page = await (await get(server, "/ceremony", cookie)).text();
    expect(page).toContain("Your ceremonies");
    expect(page).toContain("The Cedar House");
    expect(page).toMatch(/You arrived at .+ and left at /);
    expect((await get(server, `/follow-ups/${planned[0]?.id}`, cookie)).status).toBe(200);
  });
});
