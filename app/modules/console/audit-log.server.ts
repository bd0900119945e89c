import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../accounts/schema";
import { auditLog } from "../audit/schema";

// The console's audit page names the people entries concern, so it reads accounts: here, above
// both, rather than in audit, which accounts itself writes to.

export const AUDIT_PAGE_SIZE = 50;

/**
 * Newest first, keyset-paged by id so deep pages stay as fast as the first; by action, and by
 * person (entries they made or that concern them). Each entry names the person it concerns.
 */
export function listAudit(db: Db, options: { action?: string; person?: string; before?: number } = {}) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      subjectUserId: auditLog.subjectUserId,
      subjectName: users.name,
      detail: auditLog.detail,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.subjectUserId))
    .where(
      and(
        options.action ? eq(auditLog.action, options.action) : undefined,
        options.person
          ? or(eq(auditLog.subjectUserId, options.person), eq(auditLog.actorId, options.person))
          : undefined,
        options.before ? lt(auditLog.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}

/** The name of the person an audit filter is for (an account id), if the account exists. */
export async function personName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}
