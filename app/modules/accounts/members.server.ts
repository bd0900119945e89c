import { and, count, desc, eq, gt, ilike, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { type Role, roles, sessions, users } from "./schema";
import type { Viewer } from "./session.server";

export const MEMBERS_PAGE_SIZE = 50;

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listMembers(db: Db, options: { q?: string; before?: string }) {
  const q = options.q?.trim();
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      banned: users.banned,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        q
          ? or(
              ilike(users.name, likePattern(q)),
              ilike(users.email, likePattern(q)),
              ilike(users.username, likePattern(q)),
            )
          : undefined,
        options.before ? lt(users.createdAt, new Date(options.before)) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(MEMBERS_PAGE_SIZE);
}

export async function getMember(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      banned: users.banned,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  // Its own query: inside a correlated subquery Drizzle writes the member's id unqualified, and
  // "id" then binds to sessions.id (the count was always 0).
  const [active] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, new Date())));
  return { ...row, activeSessions: active?.n ?? 0 };
}

export type StaffActionOutcome = "done" | "not-found" | "not-permitted";

/** Only admins change roles, and never their own (an admin cannot lock the console out by accident). */
export async function changeRole(
  db: Db,
  staff: Viewer,
  memberId: string,
  role: Role,
  ip: string,
): Promise<StaffActionOutcome> {
  if (staff.role !== "admin" || staff.id === memberId || !roles.includes(role)) return "not-permitted";
  const member = await getMember(db, memberId);
  if (!member) return "not-found";
  if (member.role === role) return "done";
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, memberId));
    // New powers or fewer: either way the member signs in again under the new role.
    await tx.delete(sessions).where(eq(sessions.userId, memberId));
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.roleChanged,
      actor: staff,
      subjectUserId: memberId,
      detail: { from: member.role, to: role },
      ip,
    });
  });
  return "done";
}

/**
 * Disables (or re-enables) an account; disabling ends all its sessions at once. Keepers may
 * disable members; admins anyone but themselves.
 */
export async function setDisabled(
  db: Db,
  staff: Viewer,
  memberId: string,
  disabled: boolean,
  ip: string,
): Promise<StaffActionOutcome> {
  const member = await getMember(db, memberId);
  if (!member) return "not-found";
  const allowed = staff.id !== memberId && (staff.role === "admin" || member.role === "member");
  if (!allowed) return "not-permitted";
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ banned: disabled, banReason: disabled ? `Disabled by ${staff.name}` : null, updatedAt: new Date() })
      .where(eq(users.id, memberId));
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, memberId));
    await recordAudit(tx, {
      action: disabled ? AUDIT_ACTIONS.accountDisabled : AUDIT_ACTIONS.accountEnabled,
      actor: staff,
      subjectUserId: memberId,
      ip,
    });
  });
  return "done";
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
