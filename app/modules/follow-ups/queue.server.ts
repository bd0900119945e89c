import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type UrgentCursor, urgentCursor } from "../../lib/ids";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { followUps } from "./schema";

/*
 * The keepers' follow-up queue: check-ins that wait for someone to reach out (missed, a low score,
 * words of harm or danger), urgent first, then by the date they are due. It names the member and
 * why, never the answers: those are the member's alone.
 */

/** A check-in waiting for a keeper: one rule for the queue, its badge and the console's "Today". */
export const followUpWaiting = and(isNotNull(followUps.careReason), isNull(followUps.careDoneAt));
const waiting = followUpWaiting;

export const QUEUE_PAGE_SIZE = 30;

/** After the cursor in the queue's order (urgent first, then the soonest due, then the id). */
function afterInQueue(c: UrgentCursor) {
  const later = sql`(${followUps.careDueAt}, ${followUps.id}) > (${c.at.toISOString()}::timestamptz, ${c.id}::int)`;
  return c.urgent
    ? or(and(eq(followUps.careUrgent, true), later), eq(followUps.careUrgent, false))
    : and(eq(followUps.careUrgent, false), gte(followUps.careDueAt, c.at), later);
}

/**
 * The waiting items, urgent first, then the soonest due; with the member's name and account. A page at a time
 * (`?before=`, issue 47) on `follow_ups_waiting_idx`; `next` is the next page's cursor, or null at the last item.
 */
export async function followUpQueue(db: Db, before?: UrgentCursor) {
  const rows = await db
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
    .where(and(waiting, before ? afterInQueue(before) : undefined))
    .orderBy(desc(followUps.careUrgent), asc(followUps.careDueAt), asc(followUps.id))
    .limit(QUEUE_PAGE_SIZE + 1);
  const shown = rows.slice(0, QUEUE_PAGE_SIZE);
  const last = shown.at(-1);
  // Every waiting item has a date to act by (plan.server.ts, answerFollowUp); its due date stands in otherwise.
  const next =
    rows.length > QUEUE_PAGE_SIZE && last ? urgentCursor(last.urgent, last.careDueAt ?? last.dueAt, last.id) : null;
  return { rows: shown, next };
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
