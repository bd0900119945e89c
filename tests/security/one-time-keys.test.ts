import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { bookableRange } from "../../app/modules/bookings/time";
import { bookings, journalEntries, mailOutbox, payments, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { expectingErrors, expectNoSecretsInLogs, type LoggedServer, startLoggedServer } from "../support/logged-server";
import { postForm } from "../support/server";

/**
 * A form's one-time key names the record it acts on (docs/decisions/008): a key spent on one record
 * replays its answer for that record only, and a side effect (a refund) happens only inside the
 * unit of work that claimed the key and made the change it belongs to.
 */
describeEachBackend("one-time keys and the records they act on", (backend) => {
  let server: LoggedServer;
  const day = () => bookableRange().first;
  const book = (time: string, email: string) =>
    postForm(server, "/bookings", {
      offerId: "preparation",
      day: day(),
      time,
      fullName: "Ana Ruiz",
      email,
      phone: "+1 505 555 0101",
      cardLast4: "4242",
    });
  /** The manage link mailed to `email`, and the booking and payment it belongs to. */
  const booked = async (time: string, email: string) => {
    expect((await book(time, email)).status).toBe(303);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = mail?.textBody.match(/\/bookings\/manage\/([A-Za-z0-9_-]+)/)?.[1];
    const [booking] = await server.database.db.select().from(bookings).where(eq(bookings.email, email));
    if (!token || !booking?.paymentId) throw new Error(`no confirmed booking for ${email}`);
    return { token, id: booking.id, paymentId: booking.paymentId };
  };
  const state = async (b: { id: string; paymentId: string }) => {
    const [booking] = await server.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, b.paymentId));
    return { booking: booking?.status, payment: payment?.status, link: booking?.manageTokenHash !== null };
  };

  beforeAll(async () => {
    server = await startLoggedServer(backend, { PAYMENT_PROVIDER: "test" });
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  it("a cancel key spent on one booking, posted on another's link, cancels that one with its refund", async () => {
    const x = await booked("10:00", "x-booker@example.org");
    const y = await booked("14:00", "y-booker@example.org");
    const key = { intent: "cancel", _key: "spent-on-booking-x-000001" };
    const first = await postForm(server, `/bookings/manage/${x.token}`, key);
    expect(first.headers.get("location")).toBe("/bookings/manage/done?outcome=refunded");
    expect(await state(x)).toEqual({ booking: "cancelled", payment: "refunded", link: false });
    expect(await state(y)).toEqual({ booking: "confirmed", payment: "captured", link: true });

    // The same key on Y's link is a new submission for Y: Y is cancelled, refunded and its link
    // spent together; never refunded while it stays booked.
    const replayed = await postForm(server, `/bookings/manage/${y.token}`, key);
    expect(replayed.headers.get("location")).toBe("/bookings/manage/done?outcome=refunded");
    expect(await state(y)).toEqual({ booking: "cancelled", payment: "refunded", link: false });
    expect((await fetch(`${server.url}/bookings/manage/${y.token}`)).status).toBe(404);
    const cancellations = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "booking.cancelled"));
    expect(cancellations.map((m) => m.toAddress).sort()).toEqual(["x-booker@example.org", "y-booker@example.org"]);
    // Keepers see each booking's payment beside it.
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    const { cookie } = await signInStaff(server, keeper);
    const list = await (await get(server, "/console/bookings", cookie)).text();
    expect(list.match(/payment refunded/g)).toHaveLength(2);
  });

  it("refunds only in the unit of work that cancels: a refund that fails leaves the booking, its payment and the key", async () => {
    const z = await booked("18:00", "z-booker@example.org");
    const key = { intent: "cancel", _key: "cancel-with-failing-refund-1" };
    const { db } = server.database;
    // The provider's refund fails half way (its own record refuses the change), as an outage would.
    await db.execute(
      sql`alter table test_provider_orders add constraint no_refunds check (status <> 'refunded') not valid`,
    );
    try {
      await expectingErrors(async () => {
        const failed = await postForm(server, `/bookings/manage/${z.token}`, key);
        expect(failed.status).toBeGreaterThanOrEqual(500);
      });
      expect(await state(z)).toEqual({ booking: "confirmed", payment: "captured", link: true });
      const told = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.cancelled"));
      expect(told.filter((m) => m.toAddress === "z-booker@example.org")).toHaveLength(0);
    } finally {
      await db.execute(sql`alter table test_provider_orders drop constraint no_refunds`);
    }
    // The key was not kept with a half-done answer: the same post now cancels and refunds.
    const retried = await postForm(server, `/bookings/manage/${z.token}`, key);
    expect(retried.headers.get("location")).toBe("/bookings/manage/done?outcome=refunded");
    expect(await state(z)).toEqual({ booking: "cancelled", payment: "refunded", link: false });
  });

  it("cancels and refunds once when the link's cancel is sent many times at once with different keys", async () => {
    const w = await booked("20:00", "w-booker@example.org");
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postForm(server, `/bookings/manage/${w.token}`, { intent: "cancel", _key: `simultaneous-cancel-key-${i}0000` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // One took the link; the others waited on its lock and found it spent.
    expect(statuses).toEqual([303, 404, 404, 404, 404]);
    expect(await state(w)).toEqual({ booking: "cancelled", payment: "refunded", link: false });
    const told = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.cancelled"));
    expect(told.filter((m) => m.toAddress === "w-booker@example.org")).toHaveLength(1);
  });

  it("an edit key spent on one journal entry, posted for another, saves that other entry", async () => {
    const member = await createAccount(server);
    const { cookie } = await signIn(server, member.username, member.password);
    for (const title of ["First entry", "Second entry"]) {
      const entry = { intent: "create", title, content: "Written once.", intensity: "3", ceremonyContext: "ceremony" };
      expect((await post(server, "/journals", cookie, entry)).status).toBe(303);
    }
    const entries = await server.database.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.userId, member.id))
      .orderBy(journalEntries.id);
    const [a, b] = entries;
    if (!a || !b) throw new Error("two entries expected");
    // The same words sent to both entries: a resend of one is told from a new post to the other
    // only by the record the key names (the key is also bound to what the form carried).
    const same = {
      intent: "update",
      title: "Both entries, the same words",
      content: "Edited once more, with care.",
      intensity: "3",
      ceremonyContext: "ceremony",
      _key: "edit-key-spent-on-entry-a-01",
    };
    const edit = (id: string) => post(server, `/journals/${id}`, cookie, same);
    expect((await edit(a.id)).headers.get("location")).toBe(`/journals/${a.id}?done=saved`);
    expect((await edit(b.id)).headers.get("location")).toBe(`/journals/${b.id}?done=saved`);
    const page = await (await fetch(`${server.url}/journals/${b.id}`, { headers: { cookie } })).text();
    expect(page).toContain("Both entries, the same words");
  });

  it("logs no password, token, cookie or sensitive text over the whole file", () => expectNoSecretsInLogs());
});
