import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, dayIn, zonedInstant } from "../../app/lib/dates";
import { DEFAULT_TIMEZONE } from "../../app/modules/accounts/schema";
import { sendCircleReminders } from "../../app/modules/circles/circles.server";
import { circleSignups, circles, mailOutbox, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { readCalendar } from "../support/calendar";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 33, integration circles: keepers schedule a circle (title, description, time, places, the
 * video link); members join from their calendar until it is full, then a waitlist that moves up when
 * someone leaves; each is told by email with a calendar event (REQUEST, SEQUENCE raised on a change,
 * CANCEL on leaving and on cancellation) and reminded the day before; the video link is only for
 * those with a place, and only keepers see who comes.
 */

const VIDEO = "https://meet.example.org/circle-nightjar-7781";
const day = addDays(dayIn(new Date(), DEFAULT_TIMEZONE), 10);
const circleFields = (overrides: Record<string, string> = {}) => ({
  intent: "schedule",
  title: "Full Moon Integration Circle",
  description: "An hour to share how integration is going, and to listen.",
  day,
  time: "18:30",
  minutes: "60",
  capacity: "2",
  videoUrl: VIDEO,
  ...overrides,
});

describeEachBackend("integration circles", (backend) => {
  let server: TestServer;
  let keeperCookie: string;
  const people: Record<string, { account: TestAccount; cookie: string }> = {};
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startTestServer(backend);
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    for (const name of ["Agnieszka Wróbel", "Wei Zhang 张伟", "Third Member", "Fourth Member", "Fifth Member"]) {
      const account = await createAccount(server, "member", name);
      people[name] = { account, cookie: (await signIn(server, account.username, account.password)).cookie };
    }
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });

  const person = (name: string) => people[name] as { account: TestAccount; cookie: string };
  const mailsTo = (kind: string, who: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, person(who).account.email)));
  const statusOf = async (circleId: number, who: string) =>
    (
      await db()
        .select()
        .from(circleSignups)
        .where(and(eq(circleSignups.circleId, circleId), eq(circleSignups.userId, person(who).account.id)))
    )[0]?.status;
  const act = (circleId: number, who: string, intent: string, key?: string) =>
    post(server, `/circles/${circleId}`, person(who).cookie, { intent, ...(key ? { _key: key } : {}) });
  async function schedule(overrides: Record<string, string> = {}) {
    const res = await post(server, "/console/circles", keeperCookie, circleFields(overrides));
    expect(res.status).toBe(303);
    const id = Number(/\/console\/circles\/(\d+)\?done=scheduled$/.exec(res.headers.get("location") ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    return id;
  }

  it("is scheduled by keepers with the form's messages; bad input stores nothing", async () => {
    const before = (await db().select().from(circles)).length;
    for (const [overrides, message] of [
      [{ capacity: "0" }, "Please give a number of places between 1 and 200."],
      [{ videoUrl: "http://meet.example.org/x" }, "Please give the video link, starting with https://."],
      [{ day: "2020-01-01" }, "Please choose a time in the future."],
      [{ title: "" }, "Please give the circle a title."],
      [{ minutes: "5" }, "Please give a length between 15 and 240 minutes."],
    ] as const) {
      const res = await post(server, "/console/circles", keeperCookie, circleFields(overrides));
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await db().select().from(circles)).toHaveLength(before);
    // A member cannot schedule one.
    expect((await post(server, "/console/circles", person("Third Member").cookie, circleFields())).status).toBe(403);
  });

  it("takes places until full, then a waitlist that moves up; the link and the list stay with those who may see them", async () => {
    const id = await schedule();
    const [stored] = await db().select().from(circles).where(eq(circles.id, id));
    expect(stored?.startsAt.toISOString()).toBe(zonedInstant(day, "18:30", DEFAULT_TIMEZONE).toISOString());
    const calendar = await (await get(server, "/calendar", person("Agnieszka Wróbel").cookie)).text();
    expect(calendar).toContain("Integration Circles");
    expect(calendar).toContain("Full Moon Integration Circle");
    expect(calendar).toContain("2 places left");
    expect(calendar).not.toContain(VIDEO);

    // Agnieszka joins (a double click is one place and one email), then Wei: the circle is full.
    const joined = await act(id, "Agnieszka Wróbel", "join", "circle-join-key-000000001");
    expect(joined.headers.get("location")).toBe(`/circles/${id}?done=joined`);
    await act(id, "Agnieszka Wróbel", "join", "circle-join-key-000000001");
    expect(await statusOf(id, "Agnieszka Wróbel")).toBe("attending");
    const [place] = await mailsTo("circle.place", "Agnieszka Wróbel");
    expect(await mailsTo("circle.place", "Agnieszka Wróbel")).toHaveLength(1);
    expect(place?.textBody).not.toContain(VIDEO);
    const event = readCalendar(place?.attachments[0]?.content ?? "", "Circles");
    expect(event).toMatchObject({
      method: "REQUEST",
      sequence: 0,
      status: "CONFIRMED",
      summary: "Full Moon Integration Circle",
    });
    expect(event.uid).toBe(`circle-${id}@${new URL(server.env.SITE_URL).hostname}`);
    expect(event.description).not.toContain(VIDEO);
    expect(await (await get(server, `/circles/${id}`, person("Agnieszka Wróbel").cookie)).text()).toContain(VIDEO);
    await act(id, "Wei Zhang 张伟", "join");
    // The third waits, is told so without a calendar event, and sees no link and no one's name.
    expect((await act(id, "Third Member", "join")).headers.get("location")).toBe(`/circles/${id}?done=waitlisted`);
    const [waiting] = await mailsTo("circle.waitlisted", "Third Member");
    expect(waiting?.attachments).toEqual([]);
    const thirdPage = await (await get(server, `/circles/${id}`, person("Third Member").cookie)).text();
    expect(thirdPage).toContain("You are on the waitlist.");
    expect(thirdPage).not.toContain(VIDEO);
    expect(thirdPage).not.toContain("Agnieszka");
    // Only keepers see who comes.
    const desk = await (await get(server, `/console/circles/${id}`, keeperCookie)).text();
    expect(desk).toMatch(/Who comes[\s\S]*Agnieszka Wróbel[\s\S]*Wei Zhang 张伟[\s\S]*Waitlist[\s\S]*Third Member/);
    expect((await get(server, `/console/circles/${id}`, person("Third Member").cookie)).status).toBe(403);

    // Agnieszka gives up her place: CANCEL for her calendar, and the place goes to the first waiting.
    await act(id, "Agnieszka Wróbel", "leave");
    const [left] = await mailsTo("circle.left", "Agnieszka Wróbel");
    expect(readCalendar(left?.attachments[0]?.content ?? "", "Circles")).toMatchObject({ method: "CANCEL" });
    expect(await statusOf(id, "Third Member")).toBe("attending");
    const [promoted] = await mailsTo("circle.promoted", "Third Member");
    expect(readCalendar(promoted?.attachments[0]?.content ?? "", "Circles")).toMatchObject({ method: "REQUEST" });
    expect(await (await get(server, `/circles/${id}`, person("Third Member").cookie)).text()).toContain(VIDEO);
    expect(await (await get(server, `/circles/${id}`, person("Agnieszka Wróbel").cookie)).text()).not.toContain(VIDEO);

    // The keeper moves it an hour later: SEQUENCE 1 to those with a place, nothing to Agnieszka.
    const changed = await post(server, `/console/circles/${id}`, keeperCookie, {
      ...circleFields({ time: "19:30" }),
      intent: "change",
    });
    expect(changed.status).toBe(303);
    const [update] = await mailsTo("circle.changed", "Wei Zhang 张伟");
    expect(readCalendar(update?.attachments[0]?.content ?? "", "Circles")).toMatchObject({
      method: "REQUEST",
      sequence: 1,
      start: zonedInstant(day, "19:30", DEFAULT_TIMEZONE).toISOString(),
    });
    expect(await mailsTo("circle.changed", "Third Member")).toHaveLength(1);
    expect(await mailsTo("circle.changed", "Agnieszka Wróbel")).toHaveLength(0);

    // The reminder the day before, once however often the timer runs.
    const eve = new Date(zonedInstant(day, "19:30", DEFAULT_TIMEZONE).getTime() - 12 * 3_600_000);
    await Promise.all([sendCircleReminders(db(), server.env, eve), sendCircleReminders(db(), server.env, eve)]);
    expect(await mailsTo("circle.reminder", "Wei Zhang 张伟")).toHaveLength(1);
    expect(await mailsTo("circle.reminder", "Third Member")).toHaveLength(1);
    expect(await mailsTo("circle.reminder", "Agnieszka Wróbel")).toHaveLength(0);

    // Cancelled: CANCEL (SEQUENCE 2) to each with a place; joining is then refused with its message.
    expect((await post(server, `/console/circles/${id}`, keeperCookie, { intent: "cancel" })).status).toBe(303);
    const [cancelled] = await mailsTo("circle.cancelled", "Wei Zhang 张伟");
    expect(readCalendar(cancelled?.attachments[0]?.content ?? "", "Circles")).toMatchObject({
      method: "CANCEL",
      sequence: 2,
      status: "CANCELLED",
    });
    const late = await act(id, "Fourth Member", "join");
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This circle has already taken place or was cancelled.");
    expect(await (await get(server, "/calendar", person("Fourth Member").cookie)).text()).not.toContain(
      "Full Moon Integration Circle",
    );
    const exported = await (await get(server, "/profile/export", person("Third Member").cookie)).text();
    expect(exported).toContain('"integrationCircles"');
    expect(exported).toContain("Full Moon Integration Circle");
  });

  it("gives its last place to one of two members joining at once", async () => {
    const id = await schedule({ capacity: "1", title: "One Place Circle", time: "08:00" });
    await Promise.all([act(id, "Fourth Member", "join"), act(id, "Fifth Member", "join")]);
    const statuses = [await statusOf(id, "Fourth Member"), await statusOf(id, "Fifth Member")].sort();
    expect(statuses).toEqual(["attending", "waitlisted"]);
    // Another member's place cannot be given up for them: leaving acts on the account that posts.
    const holder = statuses[0] === (await statusOf(id, "Fourth Member")) ? "Fourth Member" : "Fifth Member";
    await act(id, "Third Member", "leave");
    expect(await statusOf(id, holder)).toBe("attending");
  });
});
