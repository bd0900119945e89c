import { parse as parseCsv } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { csvResponse } from "~/lib/csv";
import { bookingsCsv, CSV_PAGE } from "~/modules/bookings/schedule.server";
import { subscribersCsv } from "~/modules/newsletter/subscribers.server";
import type { Database } from "../../db/client";
import { describeEachBackend, openTestDatabase } from "../support/database";
import { seedConfirmedSubscribers } from "../support/newsletter-load";

/*
 * Issue 47: the console's CSV exports with 20,000 rows are whole and exact when read by a strict
 * CSV parser, and stream in pages: the export holds one page of rows, not the table.
 */

const ROWS = 20_000;
const FROM = new Date("2030-01-01T00:00:00Z");
const TO = new Date("2031-01-01T00:00:00Z");

/** What a generator still yields after the table was emptied behind its first row: what it had already read. */
async function heldAfterFirstRow(rows: AsyncGenerator<ReadonlyArray<string>>, empty: () => Promise<unknown>) {
  await rows.next(); // the header
  await rows.next(); // the first row: its page is read
  await empty();
  let held = 1;
  while (!(await rows.next()).done) held++;
  return held;
}

describeEachBackend("CSV exports of 20,000 rows", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());

  const seedBookings = () =>
    // A booking every 20 minutes through 2030, two in each slot's minute (one cancelled), a formula for a name.
    database.db.execute(sql`
      insert into bookings (id, offer_id, starts_at, minutes, price_cents, status, full_name, email, phone)
      select 'b' || lpad(i::text, 6, '0'), 'preparation',
             timestamptz '2030-01-01T00:00:00Z' + make_interval(mins => (i / 2) * 20),
             60, 1500, case when i % 2 = 0 then 'confirmed' else 'cancelled' end,
             case when i = 7 then '=HYPERLINK("http://x.example")' else 'Seeker "' || i || '", Jr.' end,
             'seeker' || i || '@example.org', '+1 212 555 ' || lpad((i % 10000)::text, 4, '0')
        from generate_series(0, ${ROWS - 1}) as i`);

  it("bookings.csv: every booking once, in time order, quotes and formulas kept safe; one page held", async () => {
    await seedBookings();
    const text = await csvResponse(bookingsCsv(database.db, FROM, TO), "bookings").text();
    const records: string[][] = parseCsv(text, { bom: true });
    expect(records[0]).toEqual(["starts_at", "offer", "status", "name", "email", "phone", "price_usd", "payment"]);
    const body = records.slice(1);
    expect(body).toHaveLength(ROWS);
    expect(new Set(body.map((r) => r[4])).size).toBe(ROWS);
    expect(body[0]).toEqual([
      "2030-01-01T00:00:00.000Z",
      "preparation",
      "confirmed",
      'Seeker "0", Jr.',
      "seeker0@example.org",
      "+1 212 555 0000",
      "15.00",
      "",
    ]);
    expect(body[7]?.[3]).toBe(`'=HYPERLINK("http://x.example")`);
    const starts = body.map((r) => r[0] ?? "");
    expect(starts).toEqual([...starts].sort());

    const held = await heldAfterFirstRow(bookingsCsv(database.db, FROM, TO), () =>
      database.db.execute(sql`delete from bookings`),
    );
    expect(held).toBe(CSV_PAGE);
  });

  it("subscribers.csv: every subscriber once; one page held", async () => {
    await seedConfirmedSubscribers(database.db, ROWS, "csv.example");
    const text = await csvResponse(subscribersCsv(database.db, {}), "newsletter-subscribers").text();
    const records: string[][] = parseCsv(text, { bom: true });
    expect(records[0]).toEqual(["email", "status", "subscribed", "confirmed", "unsubscribed"]);
    const emails = records.slice(1).map((r) => r[0]);
    expect(new Set(emails).size).toBe(ROWS);
    expect(emails[0]).toBe(`reader${ROWS}@csv.example`);

    const held = await heldAfterFirstRow(subscribersCsv(database.db, {}), () =>
      database.db.execute(sql`delete from newsletter_subscribers`),
    );
    expect(held).toBeLessThanOrEqual(500);
  });
});
