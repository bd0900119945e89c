import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { auditLog } from "../audit/schema";
import { facilitatorShares } from "./schema";
import { conversationPage, openShare } from "./shares.server";
import { ANONYMOUS } from "./thread-words";

/*
 * A keeper reading a share (DESIGN.md: every staff read of a member's sensitive words is audited,
 * and the member sees it). Issue 45: the read is the keeper's own act (a page of the console, or
 * their press of "Open"), never a link from elsewhere; and a read of an anonymous share names no
 * member anywhere staff can look.
 */

/** A keeper who opens the same share again within this time (reloading it, replying) reads it once. */
const ONE_READ_MS = 30 * 60_000;

type Staff = { id: string; name: string };
type Row = typeof facilitatorShares.$inferSelect;

/** This keeper's read of this share was recorded within `ONE_READ_MS`. */
async function readRecently(db: Db, staffId: string, shareId: number): Promise<boolean> {
  const [recent] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, AUDIT_ACTIONS.shareRead),
        gt(auditLog.createdAt, new Date(Date.now() - ONE_READ_MS)),
        eq(auditLog.actorId, staffId),
        sql`${auditLog.detail}->>'shareId' = ${String(shareId)}`,
      ),
    )
    .limit(1);
  return Boolean(recent);
}

/**
 * Records a keeper's read: audited (once per `ONE_READ_MS`), and the keepers' notice answered, so
 * the member's next message is told again (`keepers_told`). A read of an anonymous share has no
 * subject, only `anonymous: true` beside the share's id: the audit page, its search by person and
 * anything else reading the log cannot lead from it to the member, who finds it by the share's id.
 */
async function recordRead(db: Db, staff: Staff, share: Row, ip: string) {
  if (!(await readRecently(db, staff.id, share.id))) {
    await recordAudit(db, {
      action: AUDIT_ACTIONS.shareRead,
      actor: staff,
      subjectUserId: share.anonymous ? null : share.userId,
      detail: share.anonymous ? { shareId: share.id, anonymous: true } : { shareId: share.id },
      ip,
    });
  }
  if (share.keepersTold) {
    await db.update(facilitatorShares).set({ keepersTold: null }).where(eq(facilitatorShares.id, share.id));
  }
}

async function findShare(db: Db, id: number) {
  const [found] = await db
    .select({ share: facilitatorShares, memberName: users.name })
    .from(facilitatorShares)
    .innerJoin(users, eq(users.id, facilitatorShares.userId))
    .where(eq(facilitatorShares.id, id));
  return found;
}

/** A keeper presses "Open" on a share shown shut: the read is recorded. False when there is no such share. */
export async function openShareAsStaff(db: Db, staff: Staff, id: number, ip: string): Promise<boolean> {
  const found = await findShare(db, id);
  if (found) await recordRead(db, staff, found.share, ip);
  return Boolean(found);
}

/**
 * A keeper's view of one share, with a page of its conversation (`before`: older messages). With
 * `record` (the request is the keeper's own: a console page's link or form, a typed address or a
 * bookmark) the read is recorded and the share opens. Otherwise (a link from another site, or a
 * request that does not say where it came from) it opens only if this keeper's read of it was
 * recorded within `ONE_READ_MS`; else it stays shut: who and what, none of the words, and the page
 * offers "Open". An anonymous share shows no name.
 */
export async function shareForStaff(
  db: Db,
  env: Env,
  staff: Staff,
  id: number,
  options: { ip: string; record: boolean; before?: number },
) {
  const found = await findShare(db, id);
  if (!found) return null;
  const { share } = found;
  const head = {
    id: share.id,
    kind: share.kind,
    anonymous: share.anonymous,
    urgent: share.urgent,
    status: share.status,
    createdAt: share.createdAt,
    assigneeId: share.assigneeId,
    assigneeName: share.assigneeName,
    memberName: share.anonymous ? ANONYMOUS : found.memberName,
  };
  if (options.record) await recordRead(db, staff, share, options.ip);
  else if (!(await readRecently(db, staff.id, share.id))) return { ...head, opened: false as const };
  const opened = openShare(env, share);
  return {
    ...head,
    opened: true as const,
    content: opened.content,
    ...(await conversationPage(db, env, share, opened, options.before)),
  };
}
