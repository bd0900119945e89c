import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PlaceStatus, ReactionSeverity } from "../../app/modules/ceremonies/schema";
import { adverseReactions, ceremonyAttendance, ceremonyDays, ceremonyPlaces } from "../../db/schema";
import { createAccount, get, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { readPdf } from "../support/pdf";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 49: the keepers' yearly safety summary, counts only, for a UTC calendar year: days held
 * (scheduled, begun in the year, ended), confirmed participants, who attended, adverse reactions by
 * severity (zeros too), emergency calls and transportation plans not followed. On the page, as CSV
 * and as a tagged PDF; staff only; a bad year refused with its message.
 */

const THIS_YEAR = new Date().getUTCFullYear();
const YEAR = THIS_YEAR - 1;
const EARLIER = YEAR - 1;
const at = (iso: string) => new Date(iso);

describeEachBackend("ceremonies: the yearly safety summary", (backend) => {
  let server: TestServer;
  let keeperCookie: string;
  let memberCookie: string;
  const people: TestAccount[] = [];
  const db = () => server.database.db;

  async function day(startsAt: Date, endsAt: Date, status: "scheduled" | "cancelled" = "scheduled") {
    const [row] = await db()
      .insert(ceremonyDays)
      .values({ place: "The Cedar House", startsAt, endsAt, capacity: 8, status, createdByName: "Elena Keeper" })
      .returning({ id: ceremonyDays.id });
    if (!row) throw new Error("no day");
    return row.id;
  }
  /** A place on the day for the n-th person, and its day record when given. */
  async function place(
    dayId: number,
    n: number,
    status: PlaceStatus,
    record?: { arrived: boolean; transportFollowed: boolean | null },
  ) {
    const person = people[n];
    if (!person) throw new Error("no person");
    const [row] = await db()
      .insert(ceremonyPlaces)
      .values({ dayId, userId: person.id, status })
      .returning({ id: ceremonyPlaces.id });
    if (!row) throw new Error("no place");
    if (record) {
      await db()
        .insert(ceremonyAttendance)
        .values({
          placeId: row.id,
          arrivedAt: record.arrived ? new Date() : null,
          transportFollowed: record.transportFollowed,
          sealed: "never opened by the summary",
          recordedByName: "Elena Keeper",
        });
    }
    return row.id;
  }
  async function reaction(
    dayId: number,
    placeId: number | null,
    occurredAt: Date,
    severity: ReactionSeverity,
    emergencyCalled: boolean,
  ) {
    await db().insert(adverseReactions).values({
      dayId,
      placeId,
      occurredAt,
      severity,
      emergencyCalled,
      sealed: "never opened by the summary",
      reportedByName: "Elena Keeper",
    });
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { CEREMONIES: "open" });
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    const member = await createAccount(server, "member", "Member Reader");
    ({ cookie: memberCookie } = await signIn(server, member.username, member.password));
    for (const name of ["Agnieszka Wróbel", "Wei Zhang 张伟", "Third Person", "Fourth Person", "Fifth Person"]) {
      people.push(await createAccount(server, "member", name));
    }

    // The year: two days held (the second ends in the next year, but began in this one).
    const spring = await day(at(`${YEAR}-03-10T16:00:00Z`), at(`${YEAR}-03-11T00:30:00Z`));
    const walked = await place(spring, 0, "confirmed", { arrived: true, transportFollowed: true });
    const drove = await place(spring, 1, "confirmed", { arrived: true, transportFollowed: false });
    await place(spring, 2, "confirmed");
    await place(spring, 3, "declined");
    await place(spring, 4, "released", { arrived: true, transportFollowed: false });
    const winter = await day(at(`${YEAR}-12-31T20:00:00Z`), at(`${THIS_YEAR}-01-01T03:00:00Z`));
    await place(winter, 0, "confirmed", { arrived: true, transportFollowed: null });
    await place(winter, 1, "invited");
    // A cancelled day of the year counts for nothing, its places neither.
    const cancelled = await day(at(`${YEAR}-06-01T16:00:00Z`), at(`${YEAR}-06-01T23:00:00Z`), "cancelled");
    await place(cancelled, 2, "confirmed", { arrived: true, transportFollowed: false });
    // The year before: one day, one participant.
    const earlier = await day(at(`${EARLIER}-05-05T16:00:00Z`), at(`${EARLIER}-05-05T23:00:00Z`));
    await place(earlier, 3, "confirmed", { arrived: true, transportFollowed: false });
    // This year: a day begun but not ended is not held yet.
    const now = Date.now();
    const today = await day(new Date(now - 60_000), new Date(now + 3_600_000));
    await place(today, 4, "confirmed", { arrived: true, transportFollowed: false });

    await reaction(earlier, null, at(`${YEAR}-01-01T00:00:00Z`), "mild", false);
    await reaction(spring, walked, at(`${YEAR}-03-10T20:00:00Z`), "mild", false);
    await reaction(spring, drove, at(`${YEAR}-03-10T21:00:00Z`), "severe", true);
    // The member's account deleted since: the place cleared, the report kept and counted.
    await reaction(spring, null, at(`${YEAR}-03-10T22:00:00Z`), "life-threatening", true);
    await reaction(winter, null, at(`${THIS_YEAR}-01-01T00:30:00Z`), "mild", false);
    await reaction(earlier, null, at(`${EARLIER}-05-05T20:00:00Z`), "moderate", true);
    await reaction(earlier, null, at(`${EARLIER}-12-31T23:59:59Z`), "moderate", false);
  });
  afterAll(() => server.close());

  const expected = (counts: number[]) =>
    [
      "Ceremony days held",
      "Participants (confirmed places)",
      "Participants who attended",
      "Adverse reactions: mild",
      "Adverse reactions: moderate",
      "Adverse reactions: severe",
      "Adverse reactions: life-threatening",
      "Adverse reactions in all",
      "Reactions where emergency services were called",
      "Transportation plans not followed",
    ].map((label, i) => [label, String(counts[i])] as const);
  const YEAR_COUNTS = [2, 4, 3, 2, 0, 1, 1, 4, 2, 1];
  const EARLIER_COUNTS = [1, 1, 1, 0, 2, 0, 0, 2, 1, 1];
  const THIS_YEAR_COUNTS = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0];

  async function csvOf(year: number | null) {
    const res = await get(server, `/console/ceremonies-summary.csv${year ? `?year=${year}` : ""}`, keeperCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(await res.text(), {
      bom: true,
      relax_quotes: false,
      relax_column_count: false,
    }) as string[][];
    expect(rows[0]).toEqual(["Year", "What is counted", "Number"]);
    const year_ = year ?? THIS_YEAR;
    for (const row of rows.slice(1)) expect(row[0]).toBe(String(year_));
    return rows.slice(1).map((row) => row.slice(1));
  }

  it("counts the year's days held, participants, attendance, reactions by severity, calls and plans", async () => {
    expect(await csvOf(YEAR)).toEqual(expected(YEAR_COUNTS));
    expect(await csvOf(EARLIER)).toEqual(expected(EARLIER_COUNTS));
    // Without a year: this one, where the day under way is not held yet.
    expect(await csvOf(null)).toEqual(expected(THIS_YEAR_COUNTS));
  });

  it("shows the counts on the page, names no one, and offers every year with days", async () => {
    const res = await get(server, `/console/ceremonies/summary?year=${YEAR}`, keeperCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain(`Yearly safety summary for ${YEAR}`);
    for (const [label, count] of expected(YEAR_COUNTS)) {
      const escaped = label.replace(/[()]/g, "\\$&");
      expect(html).toMatch(new RegExp(`>${escaped}</td><td[^>]*><span[^>]*>Number</span><div[^>]*>${count}</div>`));
    }
    for (const year of [EARLIER, YEAR, THIS_YEAR]) expect(html).toContain(`<option value="${year}"`);
    expect(html).not.toContain(`<option value="${EARLIER - 1}"`);
    expect(html).toContain(`/console/ceremonies-summary.csv?year=${YEAR}`);
    expect(html).toContain(`/console/ceremonies-summary.pdf?year=${YEAR}`);
    for (const person of people) expect(html).not.toContain(person.name);
    expect(html).not.toContain("never opened");
    // The ceremonies page links to it.
    const list = await (await get(server, "/console/ceremonies", keeperCookie)).text();
    expect(list).toContain('href="/console/ceremonies/summary"');
  });

  it("gives the counts as a tagged PDF with a title", async () => {
    const res = await get(server, `/console/ceremonies-summary.pdf?year=${YEAR}`, keeperCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="ceremony-safety-summary-${YEAR}.pdf"`);
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.info.Title).toBe(`Yearly safety summary for ${YEAR}`);
    expect(pdf.roles.flat()).toEqual(expect.arrayContaining(["H1", "H2", "Table", "TR", "TH", "TD"]));
    const lines = pdf.text.split("\n").map((line) => line.replace(/\s+/g, " ").trim());
    for (const [label, count] of expected(YEAR_COUNTS)) expect(lines).toContain(`${label} ${count}`);
    for (const person of people) expect(pdf.text).not.toContain(person.name);
  });

  it("refuses a bad year with its message, never a server error", async () => {
    const message = `choose a year from ${EARLIER} to ${THIS_YEAR}`;
    for (const year of ["abc", "99", `${EARLIER - 1}`, `${THIS_YEAR + 1}`, "2025.0", "+2025", " 2025"]) {
      const page = await get(server, `/console/ceremonies/summary?year=${encodeURIComponent(year)}`, keeperCookie);
      expect(page.status, year).toBe(400);
      expect(await page.text()).toContain(message);
      const csv = await get(server, `/console/ceremonies-summary.csv?year=${encodeURIComponent(year)}`, keeperCookie);
      expect(csv.status, year).toBe(400);
      expect(await csv.text()).toContain(message);
      const pdf = await get(server, `/console/ceremonies-summary.pdf?year=${encodeURIComponent(year)}`, keeperCookie);
      expect(pdf.status, year).toBe(400);
      expect(pdf.headers.get("cache-control")).toBe("private, no-store");
      expect(await pdf.text()).toContain(message);
    }
  });

  it("is for staff only: a member is refused, a visitor sent to sign in", async () => {
    for (const path of [
      "/console/ceremonies/summary",
      "/console/ceremonies-summary.csv",
      "/console/ceremonies-summary.pdf",
    ]) {
      const url = `${path}?year=${YEAR}`;
      expect((await get(server, url, memberCookie)).status, path).toBe(403);
      const visitor = await get(server, url);
      expect(visitor.status, path).toBe(302);
    }
  });
});
