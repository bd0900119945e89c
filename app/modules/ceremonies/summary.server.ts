import { and, eq, gte, lt, lte, min, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { adverseReactions, ceremonyAttendance, ceremonyDays, ceremonyPlaces, reactionSeverities } from "./schema";

/*
 * The keepers' yearly safety summary (issue 49): counts only, for one calendar year in UTC (as the
 * giving statements count theirs). Nothing here names or identifies a person, and no sealed
 * column is read: the page, the CSV and the PDF all print `summaryLines`.
 */

export interface SafetySummary {
  year: number;
  /** Days scheduled (not cancelled) that began in the year and have ended. */
  daysHeld: number;
  /** Confirmed places on those days. */
  participants: number;
  /** Of those, the places whose attendance has an arrival. */
  attended: number;
  /** Of those, the places whose transportation plan was recorded as not followed. */
  transportNotFollowed: number;
  /** Adverse reactions that occurred in the year, by severity (every severity, zeros included). */
  reactions: Record<(typeof reactionSeverities)[number], number>;
  /** Of those, the ones for which emergency services were called. */
  emergencyCalled: number;
}

const yearStart = (year: number) => new Date(Date.UTC(year, 0, 1));

/** The years a summary may be asked for: from the first ceremony day's year (UTC) to this one. */
export async function summaryYears(db: Db, now = new Date()) {
  const [row] = await db.select({ first: min(ceremonyDays.startsAt) }).from(ceremonyDays);
  const last = now.getUTCFullYear();
  const first = row?.first ? Math.min(new Date(row.first).getUTCFullYear(), last) : last;
  return { first, last };
}

export const SUMMARY_YEAR_INVALID = (first: number, last: number) =>
  first === last
    ? `The safety summary covers one calendar year: ${last} is the only year with ceremony days so far.`
    : `The safety summary covers one calendar year: choose a year from ${first} to ${last}.`;

/**
 * The year asked for in `?year=` (this year without one). A year that is not four digits, or
 * outside the years with ceremony days, is refused with a message saying which years there are.
 */
export async function summaryYearFrom(db: Db, url: URL, now = new Date()) {
  const years = await summaryYears(db, now);
  const asked = url.searchParams.get("year");
  const year = asked === null || asked === "" ? years.last : /^\d{4}$/.test(asked) ? Number(asked) : Number.NaN;
  if (!(year >= years.first && year <= years.last)) {
    return { ok: false as const, years, message: SUMMARY_YEAR_INVALID(years.first, years.last) };
  }
  return { ok: true as const, years, year };
}

/** The year's counts: two aggregate queries, on the days' start index and the reactions' time index. */
export async function safetySummary(db: Db, year: number, now = new Date()): Promise<SafetySummary> {
  const from = yearStart(year);
  const to = yearStart(year + 1);
  const [days] = await db
    .select({
      daysHeld: sql<number>`count(distinct ${ceremonyDays.id})`.mapWith(Number),
      participants: sql<number>`count(${ceremonyPlaces.id})`.mapWith(Number),
      attended: sql<number>`count(${ceremonyAttendance.arrivedAt})`.mapWith(Number),
      transportNotFollowed:
        sql<number>`count(*) filter (where ${ceremonyAttendance.transportFollowed} = false)`.mapWith(Number),
    })
    .from(ceremonyDays)
    .leftJoin(ceremonyPlaces, and(eq(ceremonyPlaces.dayId, ceremonyDays.id), eq(ceremonyPlaces.status, "confirmed")))
    .leftJoin(ceremonyAttendance, eq(ceremonyAttendance.placeId, ceremonyPlaces.id))
    .where(
      and(
        gte(ceremonyDays.startsAt, from),
        lt(ceremonyDays.startsAt, to),
        eq(ceremonyDays.status, "scheduled"),
        lte(ceremonyDays.endsAt, now),
      ),
    );
  const bySeverity = await db
    .select({
      severity: adverseReactions.severity,
      count: sql<number>`count(*)`.mapWith(Number),
      emergency: sql<number>`count(*) filter (where ${adverseReactions.emergencyCalled})`.mapWith(Number),
    })
    .from(adverseReactions)
    .where(and(gte(adverseReactions.occurredAt, from), lt(adverseReactions.occurredAt, to)))
    .groupBy(adverseReactions.severity);
  const reactions = Object.fromEntries(reactionSeverities.map((s) => [s, 0])) as SafetySummary["reactions"];
  for (const row of bySeverity) reactions[row.severity] = row.count;
  return {
    year,
    daysHeld: days?.daysHeld ?? 0,
    participants: days?.participants ?? 0,
    attended: days?.attended ?? 0,
    transportNotFollowed: days?.transportNotFollowed ?? 0,
    reactions,
    emergencyCalled: bySeverity.reduce((sum, row) => sum + row.emergency, 0),
  };
}

const SEVERITY_WORDS = {
  mild: "Adverse reactions: mild",
  moderate: "Adverse reactions: moderate",
  severe: "Adverse reactions: severe",
  "life-threatening": "Adverse reactions: life-threatening",
} as const;

/** The summary's lines, in the order the page, the CSV and the PDF print them. */
export function summaryLines(summary: SafetySummary): ReadonlyArray<{ label: string; count: number }> {
  return [
    { label: "Ceremony days held", count: summary.daysHeld },
    { label: "Participants (confirmed places)", count: summary.participants },
    { label: "Participants who attended", count: summary.attended },
    ...reactionSeverities.map((s) => ({ label: SEVERITY_WORDS[s], count: summary.reactions[s] })),
    { label: "Adverse reactions in all", count: reactionSeverities.reduce((n, s) => n + summary.reactions[s], 0) },
    { label: "Reactions where emergency services were called", count: summary.emergencyCalled },
    { label: "Transportation plans not followed", count: summary.transportNotFollowed },
  ];
}

/** The CSV's rows (lib/csv.ts streams them): the header, then one row per line, the year on each. */
export async function* summaryCsv(summary: SafetySummary): AsyncGenerator<ReadonlyArray<string>> {
  yield ["Year", "What is counted", "Number"];
  for (const line of summaryLines(summary)) yield [String(summary.year), line.label, String(line.count)];
}
