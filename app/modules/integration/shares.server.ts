import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open, seal } from "../../lib/encryption.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { auditLog } from "../audit/schema";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { facilitatorShares } from "./schema";
import { type ThreadMessage, threadMessages } from "./threads.server";

export type ShareKind = "share" | "group-request" | "message";
const context = (userId: string, id: number, part: "content" | "reply") => `share:${userId}:${id}:${part}`;

/** What keepers see in place of the name on a share sent with "Anonymous Sharing". */
export const ANONYMOUS = "Anonymous member";

const WHAT: Record<ShareKind, string> = {
  share: "A member's reflection",
  "group-request": "A group session request",
  message: "A private message from a member",
};

/**
 * Stores the share sealed, and tells the keepers it waits (a link, none of its words). Words of
 * harm or danger mark it urgent: first in the keepers' list, and the member sees crisis lines.
 */
export async function createShare(
  db: Db,
  env: Env,
  userId: string,
  input: { kind: ShareKind; content: string; anonymous: boolean },
): Promise<{ id: number; urgent: boolean }> {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const urgent = speaksOfCrisis(input.content);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(facilitatorShares)
      .values({ userId, kind: input.kind, anonymous: input.anonymous, urgent, sealed: "pending" })
      .returning({ id: facilitatorShares.id });
    if (!row) throw new Error("share not stored");
    // The id is part of the sealed context, so the text is sealed once the row exists.
    await tx
      .update(facilitatorShares)
      .set({ sealed: seal(ring, input.content, context(userId, row.id, "content")) })
      .where(eq(facilitatorShares.id, row.id));
    await notifyKeepers(tx, env, {
      kind: "share.notify",
      what: WHAT[input.kind],
      path: `/console/shares/${row.id}`,
      urgent,
    });
    return { id: row.id, urgent };
  });
}

/** Conversations whose turn is the keepers': the console's count and badge. */
export async function countWaitingShares(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(facilitatorShares)
    .where(eq(facilitatorShares.status, "waiting-keeper"));
  return row?.n ?? 0;
}

type Row = typeof facilitatorShares.$inferSelect;
function openShare(env: Env, row: Row) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  return {
    id: row.id,
    kind: row.kind,
    anonymous: row.anonymous,
    content: open(ring, row.sealed, context(row.userId, row.id, "content")),
    reply: row.replySealed ? open(ring, row.replySealed, context(row.userId, row.id, "reply")) : null,
    repliedByName: row.repliedByName,
    repliedAt: row.repliedAt,
    createdAt: row.createdAt,
    urgent: row.urgent,
    status: row.status,
    lastMessageAt: row.lastMessageAt,
    memberReadAt: row.memberReadAt,
  };
}

/**
 * The messages after a share, oldest first; a reply given before conversations (`reply_sealed`)
 * stands first, as the keepers' first message (id 0: it has no row of its own).
 */
async function conversation(db: Db, env: Env, row: Row): Promise<ThreadMessage[]> {
  const opened = openShare(env, row);
  const earlier: ThreadMessage[] =
    opened.reply && opened.repliedAt
      ? [{ id: 0, fromKeeper: true, authorName: opened.repliedByName, text: opened.reply, createdAt: opened.repliedAt }]
      : [];
  return [...earlier, ...(await threadMessages(db, env, row))];
}

/** The member's own shares, each with its conversation (their "Facilitator Response", the export). */
export async function memberShares(db: Db, env: Env, userId: string) {
  const rows = await db
    .select()
    .from(facilitatorShares)
    .where(eq(facilitatorShares.userId, userId))
    .orderBy(desc(facilitatorShares.lastMessageAt))
    .limit(50);
  return Promise.all(
    rows.map(async (row) => ({ ...openShare(env, row), messages: await threadMessages(db, env, row) })),
  );
}

/** One of the member's own shares with its conversation; another member's is null, as if it did not exist. */
export async function memberShare(db: Db, env: Env, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(facilitatorShares)
    .where(and(eq(facilitatorShares.id, id), eq(facilitatorShares.userId, userId)));
  return row ? { ...openShare(env, row), messages: await conversation(db, env, row) } : null;
}

export const SHARES_PAGE_SIZE = 50;

/** The console list: who and when, never the content (opening one is an audited read). */
export function listSharesForStaff(db: Db, options: { unanswered?: boolean; before?: number }) {
  return (
    db
      .select({
        id: facilitatorShares.id,
        kind: facilitatorShares.kind,
        // "Anonymous Sharing": keepers see no name; the reply still reaches the member by their account.
        memberName: sql<string>`case when ${facilitatorShares.anonymous} then ${ANONYMOUS} else ${users.name} end`,
        createdAt: facilitatorShares.createdAt,
        lastMessageAt: facilitatorShares.lastMessageAt,
        status: facilitatorShares.status,
        assigneeName: facilitatorShares.assigneeName,
        urgent: facilitatorShares.urgent,
      })
      .from(facilitatorShares)
      .innerJoin(users, eq(users.id, facilitatorShares.userId))
      .where(
        and(
          options.unanswered ? eq(facilitatorShares.status, "waiting-keeper") : undefined,
          options.before ? lt(facilitatorShares.id, options.before) : undefined,
        ),
      )
      // Waiting: urgent ones first.
      .orderBy(...(options.unanswered ? [desc(facilitatorShares.urgent)] : []), desc(facilitatorShares.id))
      .limit(SHARES_PAGE_SIZE)
  );
}

/** A keeper who opens the same share again within this time (reloading it, replying) reads it once. */
const ONE_READ_MS = 30 * 60_000;

/**
 * A keeper opens one share: decrypted for them, and the read is audited (the member sees who read
 * what they shared). Opening it again soon after, or the page reloading after a reply, is the same
 * read. An anonymous share shows no name.
 */
export async function readShareAsStaff(db: Db, env: Env, staff: { id: string; name: string }, id: number, ip: string) {
  const [found] = await db
    .select({ share: facilitatorShares, memberName: users.name })
    .from(facilitatorShares)
    .innerJoin(users, eq(users.id, facilitatorShares.userId))
    .where(eq(facilitatorShares.id, id));
  if (!found) return null;
  const [recent] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, AUDIT_ACTIONS.shareRead),
        eq(auditLog.actorId, staff.id),
        eq(auditLog.subjectUserId, found.share.userId),
        gt(auditLog.createdAt, new Date(Date.now() - ONE_READ_MS)),
        sql`${auditLog.detail}->>'shareId' = ${String(id)}`,
      ),
    )
    .limit(1);
  if (!recent) {
    await recordAudit(db, {
      action: AUDIT_ACTIONS.shareRead,
      actor: staff,
      subjectUserId: found.share.userId,
      detail: { shareId: id },
      ip,
    });
  }
  return {
    ...openShare(env, found.share),
    memberName: found.share.anonymous ? ANONYMOUS : found.memberName,
    memberId: found.share.userId,
    assigneeName: found.share.assigneeName,
    messages: await conversation(db, env, found.share),
  };
}
