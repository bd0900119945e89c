import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What staff did and when: sign-ins, role changes, decisions, and every staff read of a member's
 * sensitive data (a member sees the reads of their own record on /profile).
 * Plain ids, not foreign keys: the trail outlives deleted accounts.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    action: text("action").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    subjectUserId: text("subject_user_id"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean | null>>(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_created_idx").on(t.createdAt),
    index("audit_subject_idx").on(t.subjectUserId, t.createdAt),
    index("audit_action_idx").on(t.action, t.createdAt),
    // One kind of act on one member, newest first (their record's reads on /profile): an index probe,
    // however many other rows name them (issue 47: a member never read walked all 5,000 of theirs).
    index("audit_subject_action_idx").on(t.subjectUserId, t.action, t.createdAt),
    // The reads of a share, found by its id: an anonymous share's reads name no subject (issue 45).
    index("audit_share_read_idx").on(sql`(${t.detail}->>'shareId')`).where(sql`${t.action} = 'share.read'`),
  ],
);
