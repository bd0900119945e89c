import { and, desc, eq } from "drizzle-orm";
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
