import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open, seal } from "../../lib/encryption.server";
import { wantsMail } from "../accounts/mail-settings.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { auditLog } from "../audit/schema";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { facilitatorShares } from "./schema";

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

/** Shares not yet answered: the console's count and badge. */
export async function countWaitingShares(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(facilitatorShares)
    .where(isNull(facilitatorShares.repliedAt));
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
  };
}

/** The member's own shares and messages with any replies (their "Facilitator Response" and thread). */
export async function memberShares(db: Db, env: Env, userId: string) {
  const rows = await db
    .select()
    .from(facilitatorShares)
    .where(eq(facilitatorShares.userId, userId))
    .orderBy(desc(facilitatorShares.createdAt))
    .limit(50);
  return rows.map((row) => openShare(env, row));
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
        repliedAt: facilitatorShares.repliedAt,
        urgent: facilitatorShares.urgent,
      })
      .from(facilitatorShares)
      .innerJoin(users, eq(users.id, facilitatorShares.userId))
      .where(
        and(
          options.unanswered ? isNull(facilitatorShares.repliedAt) : undefined,
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
  };
}

/** Whether a share has its reply already (a share has one: a second would replace the first). */
export async function shareReplied(db: Db, id: number): Promise<boolean> {
  const [found] = await db
    .select({ id: facilitatorShares.id })
    .from(facilitatorShares)
    .where(and(eq(facilitatorShares.id, id), sql`${facilitatorShares.repliedAt} is not null`));
  return found !== undefined;
}

/**
 * The keeper's reply: sealed, and the member is told by email that a reply waits (no content in the
 * email). A share has one reply: when two keepers answer at once the first stands ("answered") and
 * the second changes nothing, so no reply is lost and the member gets one email.
 */
export async function replyToShare(
  db: Db,
  env: Env,
  staff: { id: string; name: string },
  id: number,
  reply: string,
  siteUrl: string,
): Promise<"replied" | "answered" | "missing"> {
  const [found] = await db
    .select({ share: facilitatorShares, name: users.name, email: users.email })
    .from(facilitatorShares)
    .innerJoin(users, eq(users.id, facilitatorShares.userId))
    .where(eq(facilitatorShares.id, id));
  if (!found) return "missing" as const;
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  // "Email notifications" off: the reply waits in the member area, and no mail says so.
  const tell = await wantsMail(db, found.share.userId, "emailNotifications");
  return db.transaction(async (tx) => {
    const replied = await tx
      .update(facilitatorShares)
      .set({
        replySealed: seal(ring, reply, context(found.share.userId, id, "reply")),
        repliedById: staff.id,
        repliedByName: staff.name,
        repliedAt: new Date(),
      })
      .where(and(eq(facilitatorShares.id, id), isNull(facilitatorShares.repliedAt)))
      .returning({ id: facilitatorShares.id });
    if (replied.length === 0) return "answered" as const;
    if (!tell) return "replied" as const;
    await enqueue(tx, {
      kind: "share.reply",
      to: found.email,
      subject: "Your facilitator has replied",
      ...renderMail({
        heading: `A reply is waiting for you, ${found.name}`,
        paragraphs: [
          "A Temple Keeper has answered what you shared. For your privacy the reply is not in this email; you can read it in your member area.",
        ],
        action: { label: "Read the reply", url: `${siteUrl}/integration?mode=facilitated` },
      }),
    });
    return "replied" as const;
  });
}
