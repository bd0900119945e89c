import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { followUps } from "./schema";

/*
 * The keepers' follow-up queue: check-ins that wait for someone to reach out (missed, a low score,
 * words of harm or danger), urgent first, then by the date they are due. It names the member and
 * why, never the answers: those are the member's alone.
 */

const waiting = and(isNotNull(followUps.careReason), isNull(followUps.careDoneAt));

/** The waiting items, urgent first, then the soonest due; with the member's name and account. */
export function followUpQueue(db: Db) {
  return db
    .select({
      id: followUps.id,
      memberId: followUps.userId,
      memberName: users.name,
      days: followUps.days,
      dueAt: followUps.dueAt,
      reason: followUps.careReason,
      urgent: followUps.careUrgent,
      careDueAt: followUps.careDueAt,
    })
    .from(followUps)
    .innerJoin(users, eq(users.id, followUps.userId))
    .where(waiting)
    .orderBy(desc(followUps.careUrgent), asc(followUps.careDueAt), asc(followUps.id))
    .limit(200);
}

/** The last items keepers marked done (the queue's history), newest first. */
export function settledFollowUps(db: Db) {
  return db
    .select({
      id: followUps.id,
      memberName: users.name,
      reason: followUps.careReason,
      doneAt: followUps.careDoneAt,
      doneBy: followUps.careDoneByName,
    })
    .from(followUps)
    .innerJoin(users, eq(users.id, followUps.userId))
    .where(and(isNotNull(followUps.careReason), isNotNull(followUps.careDoneAt)))
    .orderBy(desc(followUps.careDoneAt))
    .limit(20);
}

export async function countWaitingFollowUps(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(followUps).where(waiting);
  return row?.n ?? 0;
}

/** A keeper reached out: the item leaves the queue (once; a resend changes nothing), audited. */
export async function settleFollowUp(
  db: Db,
  staff: { id: string; name: string },
  id: number,
  ip: string | undefined,
): Promise<"settled" | "missing"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(followUps)
      .set({ careDoneAt: new Date(), careDoneByName: staff.name })
      .where(and(eq(followUps.id, id), waiting))
      .returning({ userId: followUps.userId, reason: followUps.careReason });
    if (!row) {
      const [exists] = await tx
        .select({ id: followUps.id })
        .from(followUps)
        .where(and(eq(followUps.id, id), isNotNull(followUps.careReason)));
      return exists ? "settled" : "missing";
    }
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.followUpSettled,
      actor: staff,
      subjectUserId: row.userId,
      detail: { followUp: id, reason: row.reason },
      ip,
    });
    return "settled";
  });
}
