import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { addDays, dayIn } from "../../lib/dates";
import { checkins } from "../calendar/schema";
import { answeredFollowUps } from "./follow-ups.server";

/** How far back the dashboard's chart looks. */
export const WELLBEING_DAYS = 180;

export interface Wellbeing {
  /** Answered follow-up check-ins: the member's day, WHO-5 percentage, and what they wrote. */
  scores: Array<{ day: string; percent: number; note: string }>;
  /** Daily check-in moods. */
  moods: Array<{ day: string; emotion: string }>;
}

/**
 * The member's own wellbeing over the last months: their WHO-5 scores and daily moods, read for
 * their own dashboard only (nothing here is counted across members or shown to keepers).
 */
export async function wellbeingOverTime(
  db: Db,
  env: Env,
  userId: string,
  zone: string,
  now = new Date(),
): Promise<Wellbeing> {
  const since = addDays(dayIn(now, zone), -WELLBEING_DAYS);
  const [answered, moods] = await Promise.all([
    answeredFollowUps(db, env, userId),
    db
      .select({ day: checkins.day, emotion: checkins.emotion })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), gte(checkins.day, since)))
      .orderBy(asc(checkins.day)),
  ]);
  return {
    scores: answered
      .filter((item) => item.answeredAt && item.percent !== null)
      .map((item) => ({
        day: dayIn(item.answeredAt as Date, zone),
        percent: item.percent ?? 0,
        note: item.answers?.note ?? "",
      }))
      .filter((s) => s.day >= since),
    moods,
  };
}
