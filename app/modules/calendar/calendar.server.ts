import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { journalEntries } from "../journal/schema";
import type { CheckinLabel } from "./checkin-choices";
import { checkins } from "./schema";

/** Today's date (YYYY-MM-DD) in the member's time zone. */
export function localDay(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Records or changes today's check-in; only today's, never another day's. */
export async function checkIn(db: Db, userId: string, today: string, emotion: CheckinLabel) {
  await db
    .insert(checkins)
    .values({ userId, day: today, emotion })
    .onConflictDoUpdate({ target: [checkins.userId, checkins.day], set: { emotion, updatedAt: new Date() } });
}

export async function checkinsBetween(db: Db, userId: string, from: string, to: string) {
  return db
    .select({ day: checkins.day, emotion: checkins.emotion })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), gte(checkins.day, from), lt(checkins.day, addDays(to, 1))))
    .orderBy(checkins.day);
}

/**
 * Journal activity in a range of the member's days: entries per day and how often each emotion
 * was chosen. Days are taken in the member's zone, so an entry at 23:30 counts for that evening.
 */
export async function journalActivity(db: Db, userId: string, timeZone: string, from: string, to: string) {
  const localDate = sql<string>`to_char(${journalEntries.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day: localDate, emotions: journalEntries.emotions })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.userId, userId),
        gte(journalEntries.createdAt, sql`(${from}::date - interval '1 day')`),
        lt(journalEntries.createdAt, sql`(${to}::date + interval '2 days')`),
      ),
    );
  const perDay = new Map<string, number>();
  const emotions = new Map<string, number>();
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
    for (const e of row.emotions) emotions.set(e, (emotions.get(e) ?? 0) + 1);
  }
  return {
    perDay: Object.fromEntries(perDay),
    emotions: [...emotions].sort((a, b) => b[1] - a[1]).map(([emotion, times]) => ({ emotion, times })),
  };
}

export async function countCheckins(db: Db, userId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), gte(checkins.day, from), lt(checkins.day, addDays(to, 1))));
  return row?.n ?? 0;
}
