import { and, desc, eq, inArray, sql } from "drizzle-orm";
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
  await recordAudits(db, [entry]);
}

/** Several entries in one statement (a page that reads many people's records at once: the roster). */
export async function recordAudits(db: Db, entries: ReadonlyArray<AuditEntry>): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      action: entry.action,
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    })),
  );
}

/** Staff reads of the member's medical record, newest first: the member sees them. */
export const listRecordReads = (db: Db, userId: string) =>
  db
    .select({ id: auditLog.id, actorName: auditLog.actorName, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, AUDIT_ACTIONS.medicalRecordRead)))
    .orderBy(desc(auditLog.createdAt))
    .limit(100);

/**
 * Staff reads of the given shares (the caller's own member's: the integration module finds them by
 * account), newest first: the member sees them. By the share's id, not the subject, since a read of
 * an anonymous share names no member (issue 45).
 */
export function listShareReads(db: Db, shareIds: ReadonlyArray<number>) {
  if (shareIds.length === 0) return Promise.resolve([]);
  return (
    db
      .select({ id: auditLog.id, actorName: auditLog.actorName, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.shareRead),
          inArray(
            sql`${auditLog.detail}->>'shareId'`,
            shareIds.map((id) => String(id)),
          ),
        ),
      )
      // "id + 0", not "id": ordered by the bare id, PostgreSQL walked the whole log backwards on its
      // primary key hoping to meet 100 matches soon (1 s at a million rows, issue 47); this way it
      // takes the few rows audit_share_read_idx finds and sorts them.
      .orderBy(desc(sql`${auditLog.id} + 0`))
      .limit(100)
  );
}
