import { and, eq, gte, lt, sql } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import type { Db } from "../../../db/client";
import { journalEntries } from "../journal/schema";
import type { CheckinLabel } from "./checkin-choices";
import { checkins } from "./schema";

/** Records or changes today's check-in; only today's, never another day's. */
export async function checkIn(db: Db, userId: string, today: string, emotion: CheckinLabel) {
  await db
    .insert(checkins)
    .values({ userId, day: today, emotion })
    .onConflictDoUpdate({ target: [checkins.userId, checkins.day], set: { emotion, updatedAt: new Date() } });
}

/** A member's check-ins and journal entries over one span of their days, read once (two queries). */
export interface Activity {
  checkins: { day: string; emotion: string }[];
  /** One row per journal entry: the member's day it was written on, and its emotions. */
  journal: { day: string; emotions: string[] }[];
}

/**
 * The calendar page shows three overlapping spans (the month shown, the chart's days, this month);
 * `monthAndRecent` reads them once and the page cuts them with `checkinsIn` and `journalIn`, rather than asking the
 * database six times. Days are taken in the member's zone, so an entry at 23:30 counts for that evening.
 */
async function activityBetween(db: Db, userId: string, timeZone: string, from: string, to: string): Promise<Activity> {
  const localDate = sql<string>`to_char(${journalEntries.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const [checkinRows, journalRows] = await Promise.all([
    db
      .select({ day: checkins.day, emotion: checkins.emotion })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), gte(checkins.day, from), lt(checkins.day, addDays(to, 1))))
      .orderBy(checkins.day),
    db
      .select({ day: localDate, emotions: journalEntries.emotions })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.userId, userId),
          // A day of any zone lies within a day either side of the same UTC date.
          gte(journalEntries.createdAt, sql`(${from}::date - interval '1 day')`),
          lt(journalEntries.createdAt, sql`(${to}::date + interval '2 days')`),
        ),
      ),
  ]);
  return { checkins: checkinRows, journal: journalRows.filter((row) => row.day >= from && row.day <= to) };
}

type Span = [from: string, to: string];

/**
 * The month the calendar shows and the recent days (the chart, this month), as [from, to] days:
 * one read when they overlap, as they usually do; a month far from them is read on its own,
 * never the years between.
 */
export async function monthAndRecent(db: Db, userId: string, timeZone: string, month: Span, recent: Span) {
  if (month[1] < recent[0] || month[0] > recent[1]) {
    const [shown, lately] = await Promise.all([
      activityBetween(db, userId, timeZone, ...month),
      activityBetween(db, userId, timeZone, ...recent),
    ]);
    return { month: shown, recent: lately };
  }
  const from = month[0] < recent[0] ? month[0] : recent[0];
  const to = month[1] > recent[1] ? month[1] : recent[1];
  const both = await activityBetween(db, userId, timeZone, from, to);
  return { month: both, recent: both };
}

/** The check-ins from `from` to `to` (days, both included), in day order. */
export function checkinsIn(activity: Activity, from: string, to: string) {
  return activity.checkins.filter((c) => c.day >= from && c.day <= to);
}

/** Journal entries per day from `from` to `to`, and how often each emotion was chosen (most first). */
export function journalIn(activity: Activity, from: string, to: string) {
  const perDay = new Map<string, number>();
  const emotions = new Map<string, number>();
  for (const row of activity.journal) {
    if (row.day < from || row.day > to) continue;
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
    for (const e of row.emotions) emotions.set(e, (emotions.get(e) ?? 0) + 1);
  }
  return {
    perDay: Object.fromEntries(perDay),
    emotions: [...emotions].sort((a, b) => b[1] - a[1]).map(([emotion, times]) => ({ emotion, times })),
  };
}
