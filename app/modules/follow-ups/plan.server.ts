import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { wantsMail } from "../accounts/mail-settings.server";
import { users } from "../accounts/schema";
import { endedSessions } from "../bookings/schedule.server";
import { bookings } from "../bookings/schema";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { followUps } from "./schema";
import { checkInKind } from "./who5";

/*
 * The scheduled side of follow-ups: planning a session's check-ins when it ends, inviting the member
 * when one is due, and marking a check-in left unanswered for a keeper. Each step claims its rows
 * with one UPDATE, so any number of app instances may run it.
 */

const DAY_MS = 24 * 3_600_000;
/** A session that ended longer ago than this when the job first sees it gets no check-ins (a server down for days, an upgrade). */
const PLAN_WITHIN_MS = 3 * DAY_MS;
/** A check-in not answered this long after it was due waits for a keeper. */
export const MISSED_AFTER_DAYS = 7;
/** How long a keeper has to reach out after a missed check-in, or a low score. */
export const CARE_WITHIN_DAYS = 3;
/**
 * How long for an urgent one (words of harm or danger, a very low score): the same day, so it is
 * dated by when to act, first in the queue, and overdue only once that day has gone by.
 */
export const URGENT_WITHIN_MS = 24 * 3_600_000;

/** Plans the check-ins of each booked session that has ended: one row per day of the schedule, once per session. */
export async function planFollowUps(db: Db, schedule: readonly number[], now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(bookings)
      .set({ followUpsPlannedAt: now })
      .where(and(endedSessions(now, PLAN_WITHIN_MS), isNull(bookings.followUpsPlannedAt)))
      .returning({ id: bookings.id, userId: bookings.userId, startsAt: bookings.startsAt, minutes: bookings.minutes });
    let planned = 0;
    for (const session of ended) {
      if (!session.userId || schedule.length === 0 || !(await wantsMail(tx, session.userId, "followUps"))) continue;
      const endedAt = session.startsAt.getTime() + session.minutes * 60_000;
      const userId = session.userId;
      const rows = schedule.map((days) => ({
        userId,
        bookingId: session.id,
        days,
        dueAt: new Date(endedAt + days * DAY_MS),
      }));
      await tx.insert(followUps).values(rows).onConflictDoNothing();
      planned += rows.length;
    }
    return planned;
  });
}

/**
 * Invites the member to each check-in now due: an email with a link to it and none of its questions;
 * the page asks them to sign in. A member who has since turned follow-ups off gets none, and the
 * check-ins still ahead of them are let go.
 */
export async function inviteDueFollowUps(db: Db, siteUrl: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(followUps)
      .set({ invitedAt: now })
      .where(and(isNull(followUps.invitedAt), isNull(followUps.answeredAt), lte(followUps.dueAt, now)))
      .returning({ id: followUps.id, userId: followUps.userId, days: followUps.days });
    let sent = 0;
    for (const item of due) {
      if (!(await wantsMail(tx, item.userId, "followUps"))) {
        await tx.delete(followUps).where(and(eq(followUps.userId, item.userId), isNull(followUps.answeredAt)));
        continue;
      }
      const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, item.userId));
      if (!member) continue;
      await enqueue(tx, {
        kind: "follow-up.invite",
        to: member.email,
        subject: "A short check-in after your session",
        ...renderMail({
          heading: "How are you, since your session?",
          paragraphs: [
            checkInKind(item.days) === "who5"
              ? "A few minutes: five short statements about the last two weeks and one question. Only you see your answers."
              : "A minute: how you are since your session, in your own words. Only you see your answer.",
            "If now is not the time, it will wait for you for two weeks. You can turn these check-ins off in your settings.",
          ],
          action: { label: "Open your check-in", url: `${siteUrl}/follow-ups/${item.id}` },
        }),
      });
      sent += 1;
    }
    return sent;
  });
}

/** A check-in left unanswered a week after it was due becomes a waiting item for keepers (not urgent). */
export async function flagMissedFollowUps(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(followUps)
    .set({ careReason: "missed", careDueAt: new Date(now.getTime() + CARE_WITHIN_DAYS * DAY_MS) })
    .where(
      and(
        isNull(followUps.answeredAt),
        isNull(followUps.careReason),
        isNotNull(followUps.invitedAt),
        lte(followUps.dueAt, new Date(now.getTime() - MISSED_AFTER_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: followUps.id });
  return rows.length;
}

/** The scheduled job: plan, invite, flag (server/main.ts runs it with the other scheduled mail). */
export async function runFollowUps(
  db: Db,
  env: { FOLLOW_UP_DAYS: readonly number[]; SITE_URL: string },
  now = new Date(),
) {
  await planFollowUps(db, env.FOLLOW_UP_DAYS, now);
  await inviteDueFollowUps(db, env.SITE_URL, now);
  await flagMissedFollowUps(db, now);
}
