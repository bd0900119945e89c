import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { addDays, dayIn } from "../../lib/dates";
import { checkins } from "../calendar/schema";
import type { MemberFollowUp } from "./follow-ups.server";

/** How far back the dashboard's chart looks. */
export const WELLBEING_DAYS = 180;

export interface Wellbeing {
  /** The chart's span, the member's days: six months back (`WELLBEING_DAYS`) to today, as its text says. */
  from: string;
  to: string;
  /** Answered WHO-5 check-ins: the member's day, the percentage, and what they wrote. */
  scores: Array<{ day: string; percent: number; note: string }>;
  /** Answered short check-ins (before two weeks: words, no score): the day and what they wrote. */
  words: Array<{ day: string; note: string }>;
  /** Daily check-in moods. */
  moods: Array<{ day: string; emotion: string }>;
}

/**
 * The member's own wellbeing over the last months: their WHO-5 scores, short check-ins' words and daily moods, read for
 * their own dashboard only (nothing here is counted across members or shown to keepers).
 * `followUps` are the member's check-ins as the dashboard already read them (memberFollowUps):
 * reading the answered ones again cost a query and a second opening of each sealed answer.
 */
export async function wellbeingOverTime(
  db: Db,
  userId: string,
  zone: string,
  followUps: Promise<MemberFollowUp[]>,
  now = new Date(),
): Promise<Wellbeing> {
  const since = addDays(dayIn(now, zone), -WELLBEING_DAYS);
  const [all, moods] = await Promise.all([
    followUps,
    db
      .select({ day: checkins.day, emotion: checkins.emotion })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), gte(checkins.day, since)))
      .orderBy(asc(checkins.day)),
  ]);
  const inSpan = all
    .filter((item): item is MemberFollowUp & { answeredAt: Date } => item.answeredAt !== null && item.answers !== null)
    .sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime())
    .map((item) => ({ item, day: dayIn(item.answeredAt, zone), note: item.answers?.note ?? "" }))
    .filter((s) => s.day >= since);
  return {
    from: since,
    to: dayIn(now, zone),
    scores: inSpan.flatMap(({ item, day, note }) =>
      item.percent === null ? [] : [{ day, percent: item.percent, note }],
    ),
    words: inSpan.flatMap(({ item, day, note }) => (item.percent === null ? [{ day, note }] : [])),
    moods,
  };
}
