import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS, type AuditAction } from "./actions";
import { auditLog } from "./schema";

export { AUDIT_ACTIONS };

export interface AuditEntry {
  action: AuditAction;
  actor: { id: string; name: string } | null;
  subjectUserId?: string | null;
  detail?: Record<string, string | number | boolean | null>;
  ip?: string;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}

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

/** Staff reads of one kind about the member (their medical record, their shares), newest first: the member sees them. */
function listReads(db: Db, userId: string, action: AuditAction) {
  return db
    .select({ id: auditLog.id, actorName: auditLog.actorName, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(100);
}

export const listRecordReads = (db: Db, userId: string) => listReads(db, userId, AUDIT_ACTIONS.medicalRecordRead);
export const listShareReads = (db: Db, userId: string) => listReads(db, userId, AUDIT_ACTIONS.shareRead);
