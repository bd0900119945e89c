import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, dayIn } from "../../app/lib/dates";
import { checkins, profiles } from "../../db/schema";
import { get, post, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

describeEachBackend("the calendar over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie, otherCookie } = await twoMembers(server));
  });
  afterAll(() => server.close());

  it("stores one check-in per day in the member's zone, changeable that day", async () => {
    await server.database.db
      .update(profiles)
      .set({ timezone: "Pacific/Kiritimati" })
      .where(eq(profiles.userId, member.id));
    const first = await post(server, "/calendar", cookie, { emotion: "Grateful" });
    // Without JavaScript: redirect after post, to the calendar saying the check-in was saved.
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/calendar?done=checked");
    expect(await (await get(server, "/calendar?done=checked", cookie)).text()).toContain(
      "Check-in saved. You&#x27;re feeling Grateful today.",
    );
    expect((await post(server, "/calendar", cookie, { emotion: "Centered" })).status).toBe(303);
    const refused = await post(server, "/calendar", cookie, { emotion: "Smug" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose one of the six feelings.");
    const rows = await server.database.db.select().from(checkins).where(eq(checkins.userId, member.id));
    expect(rows).toEqual([
      expect.objectContaining({ day: dayIn(new Date(), "Pacific/Kiritimati"), emotion: "Centered" }),
    ]);
    const html = await (await get(server, "/calendar", cookie)).text();
    expect(html).toContain("You&#x27;re feeling Centered today.");
    expect(await (await get(server, "/calendar", otherCookie)).text()).not.toContain("feeling Centered");
  });

  it("counts this month and draws the last 30 or 90 days from the member's own records", async () => {
    const today = dayIn(new Date(), "Pacific/Kiritimati");
    await server.database.db
      .insert(checkins)
      .values({ userId: member.id, day: addDays(today, -40), emotion: "Curious" });
    const entry = new URLSearchParams({
      intent: "create",
      title: "Evening",
      content: "A long, slow evening.",
      intensity: "5",
      ceremonyContext: "",
    });
    entry.append("emotions", "Hope");
    await fetch(`${server.url}/journals`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, cookie },
      body: entry,
    });
    const thirty = await (await get(server, "/calendar", cookie)).text();
    expect(thirty).toContain("1 check-in in the last 30 days: Centered 1.");
    expect(thirty).toMatch(/Hope<\/span>/);
    const ninety = await (await get(server, "/calendar?range=90", cookie)).text();
    expect(ninety).toContain("2 check-ins in the last 90 days: Curious 1, Centered 1.");
    expect(thirty).toMatch(/Journal entries<\/dt><dd[^>]*>1</);
  });

  it("shows a chosen date, and ignores a malformed one", async () => {
    const past = addDays(dayIn(new Date(), "Pacific/Kiritimati"), -40);
    const html = await (await get(server, `/calendar?date=${past}`, cookie)).text();
    expect(html).toContain("you felt Curious");
    expect((await get(server, "/calendar?date=2026-13-45", cookie)).status).toBe(200);
  });

  it("shows a month far from today with its own records, and today's beside it", async () => {
    const today = dayIn(new Date(), "Pacific/Kiritimati");
    const longAgo = addDays(today, -800);
    await server.database.db.insert(checkins).values({ userId: member.id, day: longAgo, emotion: "Reflective" });
    const html = await (await get(server, `/calendar?date=${longAgo}`, cookie)).text();
    expect(html).toContain("you felt Reflective");
    // The chart and this month's counts are still the recent days', not the far month's.
    expect(html).toContain("You&#x27;re feeling Centered today.");
    expect(html).toContain("1 check-in in the last 30 days: Centered 1.");
  });
});
