import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, formatSlot, zonedInstant } from "../../app/lib/dates";
import { hashToken } from "../../app/lib/tokens.server";
import { sendDueReminders } from "../../app/modules/bookings/schedule.server";
import { bookableRange } from "../../app/modules/bookings/time";
import { blockedDays, bookings, mailOutbox, payments, rateLimits, testProviderOrders } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff } from "../support/accounts";
import { readCalendar, unfold } from "../support/calendar";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("booking sessions over HTTP", (backend) => {
  let server: TestServer;
  const day = () => bookableRange().first;
  const person = { fullName: "Ana Ruiz", email: "ana@example.org", phone: "+1 (505) 555-0101" };
  const book = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm(
      server,
      "/bookings",
      { offerId: "preparation", day: day(), time: "10:00", ...person, cardLast4: "4242", ...fields },
      headers,
    );
  const manageToken = async (kind = "booking.confirmed") => {
    const rows = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
    const found = rows.at(-1)?.textBody.match(/\/bookings\/manage\/([A-Za-z0-9_-]+)/);
    if (!found?.[1]) throw new Error(`no manage link in ${kind}`);
    return found[1];
  };

  beforeAll(async () => {
    // Behind a trusted proxy, so the concurrency test can come from 20 addresses (the per-address limit is 10/hour).
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test", TRUST_PROXY: "true" });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(bookings);
    await db.delete(payments);
    await db.delete(testProviderOrders);
    await db.delete(mailOutbox);
    await db.delete(blockedDays);
  });

  it("offers days from the fourth day out, and each day's free slots as instants", async () => {
    const range = (await (await fetch(`${server.url}/bookings/slots?offer=preparation`)).json()) as { first: string };
    expect(range.first).toBe(bookableRange().first);
    const slots = async (d: string) =>
      (
        (await (await fetch(`${server.url}/bookings/slots?offer=preparation&day=${d}`)).json()) as {
          slots: { time: string; startsAt: string }[];
        }
      ).slots;
    expect((await slots(day())).map((s) => s.time)).toEqual(["10:00", "14:00", "18:00", "20:00"]);
    expect((await slots(day()))[0]?.startsAt).toBe(zonedInstant(day(), "10:00", "America/New_York").toISOString());
    expect(await slots(addDays(day(), -1))).toEqual([]);
    expect(await slots("2026-13-45")).toEqual([]);
  });

  it("books a preparation session at our price, whatever the form says, with an .ics and a manage link", async () => {
    const res = await book({ price: "1", amount: "1", priceCents: "100" });
    // Without JavaScript: redirect after post to a page that says it is booked.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/booking-confirmed?kind=confirmed");
    expect(await (await fetch(`${server.url}/booking-confirmed?kind=confirmed`)).text()).toContain(
      "Your session is booked",
    );
    const [payment] = await server.database.db.select().from(payments);
    expect(payment).toMatchObject({ amountCents: 60000, status: "captured", purpose: "booking", cardLast4: "4242" });
    const [booking] = await server.database.db.select().from(bookings);
    expect(booking).toMatchObject({ status: "confirmed", phone: "+1 (505) 555-0101", paymentId: payment?.id });
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.confirmed"));
    expect(mail?.textBody).toContain("24 hours before");
    expect(mail?.attachments[0]).toMatchObject({
      filename: "session.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
      icalMethod: "REQUEST",
    });
    expect(readCalendar(mail?.attachments[0]?.content ?? "")).toMatchObject({
      method: "REQUEST",
      sequence: 0,
      start: booking?.startsAt.toISOString(),
    });
    const taken = await (await fetch(`${server.url}/bookings/slots?offer=preparation&day=${day()}`)).json();
    expect(taken.slots.map((s: { time: string }) => s.time)).not.toContain("10:00");
  });

  it("gives the session's time in the booker's own zone in their mails, New York time beside it", async () => {
    const confirmation = async () =>
      (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.confirmed"))).at(-1)
        ?.textBody ?? "";
    const startsAt = zonedInstant(day(), "10:00", "America/New_York");
    const inZone = (zone: string) => formatSlot(startsAt, zone);
    await book({ timeZone: "Europe/Warsaw" });
    const [warsaw] = await server.database.db.select().from(bookings);
    expect(warsaw?.timeZone).toBe("Europe/Warsaw");
    expect(await confirmation()).toContain(
      `${inZone("Europe/Warsaw")} (your time; ${inZone("America/New_York")} (New York time))`,
    );
    // A zone that is not one (or none, without JavaScript): New York time only, nothing stored.
    await server.database.db.delete(bookings);
    await book({ timeZone: "Mars/Olympus_Mons" });
    const [unknown] = await server.database.db.select().from(bookings);
    expect(unknown?.timeZone).toBeNull();
    expect(await confirmation()).toContain(`booked for ${inZone("America/New_York")} (New York time),`);
  });

  it("books on the page without JavaScript: days, a day's times, the form, the provider's approval page", async () => {
    const page = await (await fetch(`${server.url}/bookings?offer=preparation`)).text();
    expect(page).toContain("Choose a day");
    expect(page).toContain(`day=${day()}`);
    const dayPage = await (await fetch(`${server.url}/bookings?offer=preparation&day=${day()}`)).text();
    expect(dayPage).toContain('value="10:00"');
    expect(dayPage).toContain("Confirm and Pay $600");
    const form = { offerId: "preparation", day: day(), time: "14:00", ...person, _key: "booking-page-key-00000001" };
    const at = `/bookings?offer=preparation&day=${day()}`;
    // A bad email: the page again, the message, what was typed.
    const bad = await postForm(server, at, { ...form, email: "ana@", _key: "booking-page-key-00000000" });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain("Please fill in all required fields correctly.");
    expect(badPage).toContain('value="ana@"');
    expect(badPage).toContain('value="Ana Ruiz"');
    // No card on the page: the test provider's approval page, as with PayPal; sent twice, one booking and one order.
    const [first, second] = await Promise.all([postForm(server, at, form), postForm(server, at, form)]);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(/\/payments\/test\/TEST-/);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await server.database.db.select().from(bookings)).toHaveLength(1);
    expect(await server.database.db.select().from(payments)).toHaveLength(1);
    expect(await server.database.db.select().from(testProviderOrders)).toHaveLength(1);
  });

  it("books once when the dialog's post is sent twice with its key (double click, lost answer)", async () => {
    const key = { _key: "booking-dialog-key-000001" };
    const [a, b] = await Promise.all([book(key), book(key)]);
    const c = await book(key);
    expect([a.status, b.status, c.status]).toEqual([303, 303, 303]);
    expect(await server.database.db.select().from(bookings)).toHaveLength(1);
    expect(await server.database.db.select().from(payments).where(eq(payments.status, "captured"))).toHaveLength(1);
    expect(
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.confirmed")),
    ).toHaveLength(1);
  });

  it("gives exactly one booking when 20 people try the same slot at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({ email: `seeker${i}@example.org`, cardLast4: String(1000 + i) }, { "X-Forwarded-For": `203.0.113.${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const active = await server.database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.status, ["held", "requested", "approved", "confirmed"]));
    expect(active).toHaveLength(1);
    expect(await server.database.db.select().from(payments).where(eq(payments.status, "captured"))).toHaveLength(1);
  });

  it("answers Booking Failed on a declined card, charges nothing and frees the slot", async () => {
    const res = await book({ cardLast4: "0002" });
    expect(res.status).toBe(402);
    const page = await res.text();
    expect(page).toContain("Booking Failed");
    expect(page).toContain("There was an error processing your booking. Please try again.");
    const [booking] = await server.database.db.select().from(bookings);
    expect(booking?.status).toBe("cancelled");
    expect((await book({})).status).toBe(303);
  });

  it("refuses missing information, closed days and unknown slots, storing nothing", async () => {
    for (const fields of <Array<Record<string, string>>>[
      { fullName: "" },
      { email: "ana@" },
      { phone: "abc" },
      { cardLast4: "12" },
      { offerId: "heroic" },
    ]) {
      const res = await book(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const page = await res.text();
      expect(page).toContain("Missing Information");
      expect(page).toContain("Please fill in all required fields correctly.");
    }
    expect((await book({ time: "11:00" })).status).toBe(409);
    expect((await book({ day: addDays(day(), -1) })).status).toBe(409);
    await server.database.db.insert(blockedDays).values({ day: day(), reason: "Retreat", blockedByName: "Elena" });
    expect((await book({})).status).toBe(409);
    expect(await server.database.db.select().from(bookings)).toHaveLength(0);
  });

  it("holds an abandoned payment's slot for 15 minutes only", async () => {
    await server.database.db.insert(bookings).values({
      id: "stale-hold",
      offerId: "preparation",
      startsAt: zonedInstant(day(), "10:00", "America/New_York"),
      minutes: 45,
      priceCents: 60000,
      status: "held",
      holdExpiresAt: new Date(Date.now() - 1000),
      fullName: "Gone Away",
      email: "gone@example.org",
      phone: "",
    });
    expect((await book({})).status).toBe(303);
    const [stale] = await server.database.db.select().from(bookings).where(eq(bookings.id, "stale-hold"));
    expect(stale?.status).toBe("expired");
  });

  it("cancels by the emailed link with a refund, once; and refuses changes within 24 hours", async () => {
    await book({});
    const token = await manageToken();
    const page = await fetch(`${server.url}/bookings/manage/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const key = { _key: "cancel-key-0000000000001" };
    const cancelled = await postForm(server, `/bookings/manage/${token}`, { intent: "cancel", ...key });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("/bookings/manage/done?outcome=refunded");
    const done = await (await fetch(`${server.url}/bookings/manage/done?outcome=refunded`)).text();
    expect(done).toContain("Your session is cancelled and your payment refunded.");
    expect(done).not.toContain("Page not found");
    // Sent again (a double click, a resend after a lost answer): the same answer, not a 404.
    const again = await postForm(server, `/bookings/manage/${token}`, { intent: "cancel", ...key });
    expect(again.headers.get("location")).toBe("/bookings/manage/done?outcome=refunded");
    expect(
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.cancelled")),
    ).toHaveLength(1);
    const [payment] = await server.database.db.select().from(payments);
    expect(payment?.status).toBe("refunded");
    expect((await fetch(`${server.url}/bookings/manage/${token}`)).status).toBe(404);

    const soon = { token: "soon-token", startsAt: new Date(Date.now() + 10 * 3_600_000) };
    await server.database.db.insert(bookings).values({
      id: "soon",
      offerId: "preparation",
      startsAt: soon.startsAt,
      minutes: 45,
      priceCents: 60000,
      status: "confirmed",
      fullName: "Ana Ruiz",
      email: "ana@example.org",
      phone: "",
      manageTokenHash: hashToken(soon.token),
    });
    const late = await postForm(server, `/bookings/manage/${soon.token}`, { intent: "cancel" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("Changes are closed within 24 hours of the session.");
  });

  it("reschedules by the link to a free slot, sending a new confirmation and a new link", async () => {
    await book({});
    const token = await manageToken();
    const moved = await postForm(server, `/bookings/manage/${token}`, {
      intent: "reschedule",
      day: day(),
      time: "14:00",
    });
    expect(moved.headers.get("location")).toBe("/bookings/manage/done?outcome=moved");
    expect(await (await fetch(`${server.url}/bookings/manage/done?outcome=moved`)).text()).toContain(
      "Your session has moved.",
    );
    const [booking] = await server.database.db.select().from(bookings);
    expect(booking?.startsAt.toISOString()).toBe(zonedInstant(day(), "14:00", "America/New_York").toISOString());
    expect((await fetch(`${server.url}/bookings/manage/${token}`)).status).toBe(404);
    const fresh = await manageToken();
    expect(fresh).not.toBe(token);
    expect((await fetch(`${server.url}/bookings/manage/${fresh}`)).status).toBe(200);
  });

  it("keeps one calendar event from confirmation through a reschedule to its cancellation", async () => {
    // A name with accents and CJK: folding at 75 octets must not split a character.
    const fullName = "Zoë Ångström-Nakamura 李小龍 O’Brien";
    await book({ fullName, email: "zoe@example.org" });
    const token = await manageToken();
    await postForm(server, `/bookings/manage/${token}`, { intent: "reschedule", day: day(), time: "14:00" });
    await postForm(server, `/bookings/manage/${await manageToken()}`, { intent: "cancel" });
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.kind, ["booking.confirmed", "booking.cancelled"]))
      .orderBy(mailOutbox.id);
    expect(mails.map((m) => m.kind)).toEqual(["booking.confirmed", "booking.confirmed", "booking.cancelled"]);
    const files = mails.map((m) => {
      expect(m.attachments).toHaveLength(1);
      return m.attachments[0] ?? { filename: "", contentType: "", content: "" };
    });
    const [confirmed, moved, cancelled] = files.map((f) => readCalendar(f.content));
    const [booking] = await server.database.db.select().from(bookings);
    expect(booking).toMatchObject({ status: "cancelled", calendarSequence: 2 });
    const at = (time: string) => zonedInstant(day(), time, "America/New_York");
    const plus45 = (d: Date) => new Date(d.getTime() + 45 * 60_000).toISOString();

    // One event: the booking's UID throughout, a higher SEQUENCE with each change.
    expect(confirmed?.uid).toMatch(new RegExp(`^${booking?.id}@[a-z0-9.-]+$`));
    expect([moved?.uid, cancelled?.uid]).toEqual([confirmed?.uid, confirmed?.uid]);
    expect([confirmed?.sequence, moved?.sequence, cancelled?.sequence]).toEqual([0, 1, 2]);
    expect(confirmed).toMatchObject({
      method: "REQUEST",
      status: "CONFIRMED",
      start: at("10:00").toISOString(),
      end: plus45(at("10:00")),
    });
    expect(moved).toMatchObject({
      method: "REQUEST",
      status: "CONFIRMED",
      start: at("14:00").toISOString(),
      end: plus45(at("14:00")),
    });
    // The cancellation removes it from the booker's calendar.
    expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED", start: at("14:00").toISOString() });
    expect(files.map((f) => f.contentType)).toEqual([
      "text/calendar; charset=utf-8; method=REQUEST",
      "text/calendar; charset=utf-8; method=REQUEST",
      "text/calendar; charset=utf-8; method=CANCEL",
    ]);
    expect(files.map((f) => f.icalMethod)).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
    expect(mails[2]?.textBody).toContain("The calendar file attached removes it from your calendar.");
    for (const event of [confirmed, moved, cancelled]) {
      expect(event).toMatchObject({
        summary: "Preparation Session with Sacred Path Congregation",
        organizer: "mailto:no-reply@localhost",
        attendee: "mailto:zoe@example.org",
        attendeeName: fullName,
      });
    }
    // Long lines were folded (readCalendar checked each is at most 75 octets); unfolding gives the text back.
    expect(files[0]?.content.split("\r\n").some((line) => line.startsWith(" "))).toBe(true);
    expect(unfold(files[0]?.content ?? "")).toContain(
      "DESCRIPTION:Online session on Zoom. Your facilitator will contact you 24 hours before with the link.\r\n",
    );
    expect(unfold(files[0]?.content ?? "")).toContain(`CN="${fullName}":MAILTO:zoe@example.org\r\n`);
    expect(confirmed?.description).toBe(
      "Online session on Zoom. Your facilitator will contact you 24 hours before with the link.",
    );
  });

  it("sends no calendar cancellation for an approved mentorship that was never paid", async () => {
    await book({ offerId: "microdose", time: "09:00", cardLast4: "" });
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    const { cookie } = await signInStaff(server, keeper);
    const [request] = await server.database.db.select().from(bookings);
    await post(server, "/console/bookings", cookie, { intent: "approve", id: request?.id ?? "" });
    const cancelled = await postForm(server, `/bookings/manage/${await manageToken("booking.approved")}`, {
      intent: "cancel",
    });
    expect(cancelled.headers.get("location")).toBe("/bookings/manage/done?outcome=cancelled");
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.cancelled"));
    expect(mail?.textBody).toContain("Nothing was charged.");
    expect(mail?.attachments).toEqual([]);
    expect(mail?.textBody).not.toContain("calendar");
  });

  it("takes mentorship as a request, a keeper approves, and payment follows approval", async () => {
    const res = await book({ offerId: "microdose", time: "09:00", cardLast4: "" });
    expect(res.headers.get("location")).toBe("/booking-confirmed?kind=requested");
    expect(await (await fetch(`${server.url}/booking-confirmed?kind=requested`)).text()).toContain("Request received");
    expect(await server.database.db.select().from(payments)).toHaveLength(0);
    const kinds = (await server.database.db.select({ k: mailOutbox.kind }).from(mailOutbox)).map((m) => m.k).sort();
    expect(kinds).toEqual(["booking.request-notify", "booking.requested"]);

    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    const { cookie } = await signInStaff(server, keeper);
    expect(await (await get(server, "/console/bookings", cookie)).text()).toContain("Ana Ruiz");
    const [request] = await server.database.db.select().from(bookings);
    const approved = await post(server, "/console/bookings", cookie, { intent: "approve", id: request?.id ?? "" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe("/console/bookings?done=approved");
    expect((await post(server, "/console/bookings", cookie, { intent: "approve", id: request?.id ?? "" })).status).toBe(
      409,
    );
    const token = await manageToken("booking.approved");
    const paid = await postForm(server, `/bookings/manage/${token}`, { intent: "pay", cardLast4: "4242" });
    expect(paid.headers.get("location")).toBe("/booking-confirmed");
    const [after] = await server.database.db.select().from(bookings);
    expect(after?.status).toBe("confirmed");
    const [payment] = await server.database.db.select().from(payments);
    expect(payment?.amountCents).toBe(90000);
  });

  it("lets keepers close a day, and keeps the console from members", async () => {
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    const { cookie } = await signInStaff(server, keeper);
    const noReason = await post(server, "/console/bookings", cookie, { intent: "block", day: day(), reason: " " });
    expect(noReason.status).toBe(400);
    const html = await noReason.text();
    expect(html).toContain("Give a short reason (up to 200 characters).");
    expect(html).toContain(`value="${day()}"`);
    expect(await server.database.db.select().from(blockedDays)).toHaveLength(0);
    const closed = await post(server, "/console/bookings", cookie, { intent: "block", day: day(), reason: "Retreat" });
    expect(closed.status).toBe(303);
    expect(await (await get(server, closed.headers.get("location") ?? "", cookie)).text()).toContain("Day closed");
    const slots = await (await fetch(`${server.url}/bookings/slots?offer=preparation&day=${day()}`)).json();
    expect(slots.slots).toEqual([]);
    const member = await createAccount(server);
    const { cookie: memberCookie } = await signIn(server, member.username, member.password);
    expect((await get(server, "/console/bookings", memberCookie)).status).toBe(403);
    expect((await post(server, "/console/bookings", memberCookie, { intent: "unblock", day: day() })).status).toBe(403);
    expect(await server.database.db.select().from(blockedDays)).toHaveLength(1);
  });

  it("answers a console range that does not start on a day with 400 and the message, in the list and the CSV", async () => {
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    const { cookie } = await signInStaff(server, keeper);
    for (const from of ["2026-99-99", "0000-01-01", "2026-02-31"]) {
      const page = await get(server, `/console/bookings?from=${from}`, cookie);
      expect(page.status, from).toBe(400);
      expect(await page.text(), from).toContain("Please choose a valid date.");
      const csv = await get(server, `/console/bookings.csv?from=${from}`, cookie);
      expect(csv.status, from).toBe(400);
      expect(await csv.text(), from).toBe("Please choose a valid date.");
    }
    for (const days of ["-1", "1e308", "1.5", "abc"]) {
      expect((await get(server, `/console/bookings?from=${day()}&days=${days}`, cookie)).status, days).toBe(200);
    }
  });

  it("sends no 24-hour reminder to a member who turned session reminders off; a visitor's booking still gets one", async () => {
    const member = await createAccount(server, "member", "Ola Nowak");
    const { cookie } = await signIn(server, member.username, member.password);
    const saved = await post(server, "/profile", cookie, {
      intent: "settings",
      emailNotifications: "on",
      timezone: "UTC",
    });
    expect(saved.status).toBe(303);
    const soon = (id: string, userId: string | null, hours: number): typeof bookings.$inferInsert => ({
      id,
      offerId: "preparation",
      startsAt: new Date(Date.now() + hours * 3_600_000),
      minutes: 45,
      priceCents: 60000,
      status: "confirmed" as const,
      fullName: id,
      email: `${id}@example.org`,
      phone: "",
      userId,
    });
    await server.database.db.insert(bookings).values([soon("member-off", member.id, 20), soon("visitor", null, 21)]);
    await sendDueReminders(server.database.db);
    const reminders = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.reminder"));
    expect(reminders.map((r) => r.toAddress)).toEqual(["visitor@example.org"]);
    await server.database.db.delete(bookings).where(inArray(bookings.id, ["member-off", "visitor"]));
    await server.database.db.delete(mailOutbox).where(eq(mailOutbox.kind, "booking.reminder"));
  });

  it("sends each 24-hour reminder once, even when asked twice", async () => {
    await server.database.db.insert(bookings).values({
      id: "tomorrow",
      offerId: "preparation",
      startsAt: new Date(Date.now() + 20 * 3_600_000),
      minutes: 45,
      priceCents: 60000,
      status: "confirmed",
      fullName: "Ana Ruiz",
      email: "ana@example.org",
      phone: "",
    });
    expect(await Promise.all([sendDueReminders(server.database.db), sendDueReminders(server.database.db)])).toEqual(
      expect.arrayContaining([1]),
    );
    const reminders = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.reminder"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.textBody).toContain("Your facilitator will write to you today");
    const stored = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.id, "tomorrow"), sql`${bookings.reminderSentAt} is not null`));
    expect(stored[0]?.n).toBe(1);
  });
});
