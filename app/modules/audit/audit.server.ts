import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
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

/**
 * Staff reads of one kind about the member (their medical record, their shares; one share's when
 * `shareId` is given), newest first: the member sees them.
 */
function listReads(db: Db, userId: string, action: AuditAction, shareId?: number) {
  return db
    .select({ id: auditLog.id, actorName: auditLog.actorName, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectUserId, userId),
        eq(auditLog.action, action),
        shareId === undefined ? undefined : sql`${auditLog.detail}->>'shareId' = ${String(shareId)}`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(100);
}

export const listRecordReads = (db: Db, userId: string) => listReads(db, userId, AUDIT_ACTIONS.medicalRecordRead);
export const listShareReads = (db: Db, userId: string, shareId?: number) =>
  listReads(db, userId, AUDIT_ACTIONS.shareRead, shareId);
