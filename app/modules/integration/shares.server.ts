import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open, seal } from "../../lib/encryption.server";
import { users } from "../accounts/schema";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { facilitatorShares } from "./schema";
import { lastKeeperMessage, type ThreadMessage, threadMessages, threadPage } from "./thread-reads.server";
import { ANONYMOUS } from "./thread-words";

export type ShareKind = "share" | "group-request" | "message";
const context = (userId: string, id: number, part: "content" | "reply") => `share:${userId}:${id}:${part}`;

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
      // The keepers are told of it below: until one of them reads it, a later message tells no one again.
      .values({
        userId,
        kind: input.kind,
        anonymous: input.anonymous,
        urgent,
        sealed: "pending",
        keepersTold: urgent ? "urgent" : "waiting",
      })
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
export type OpenedShare = ReturnType<typeof openShare>;

/** A share's words opened, with its state (sealed with its member and id: `context`). */
export function openShare(env: Env, row: Row) {
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

/** The reply given before conversations, as the keepers' first message (id 0: it has no row of its own). */
function earlierReply(opened: OpenedShare): ThreadMessage | null {
  return opened.reply && opened.repliedAt
    ? { id: 0, fromKeeper: true, authorName: opened.repliedByName, text: opened.reply, createdAt: opened.repliedAt }
    : null;
}

/**
 * One page of the conversation after a share (`threadPage`: its newest messages before `before`),
 * oldest first; on the page that reaches the start, a reply given before conversations
 * (`reply_sealed`) stands first, as the keepers' first message.
 */
export async function conversationPage(db: Db, env: Env, row: Row, opened: OpenedShare, before?: number) {
  const page = await threadPage(db, env, row, before);
  const reply = page.earlier === null ? earlierReply(opened) : null;
  return { messages: reply ? [reply, ...page.messages] : page.messages, earlier: page.earlier };
}

/** The keepers' last word in a conversation (a message, or the reply from before conversations). */
async function lastKeeperWord(db: Db, env: Env, row: Row, opened: OpenedShare) {
  return (await lastKeeperMessage(db, env, row)) ?? earlierReply(opened);
}

/** A keeper's word the member has not opened yet. */
const isUnread = (last: ThreadMessage | null, row: Row) =>
  Boolean(last && (!row.memberReadAt || last.createdAt > row.memberReadAt));

/**
 * The member's own shares for their Facilitator Circle, newest word first: each with the keepers'
 * last word and whether it is unread, never the whole conversation (issue 45: one row each).
 */
export async function memberShares(db: Db, env: Env, userId: string) {
  const rows = await db
    .select()
    .from(facilitatorShares)
    .where(eq(facilitatorShares.userId, userId))
    .orderBy(desc(facilitatorShares.lastMessageAt))
    .limit(50);
  return Promise.all(
    rows.map(async (row) => {
      const opened = openShare(env, row);
      const last = await lastKeeperWord(db, env, row, opened);
      return { ...opened, lastKeeperWord: last, unread: isUnread(last, row) };
    }),
  );
}

/** Every share of the member with its whole conversation (the older reply as `reply`): their data export, never a page. */
export async function exportShares(db: Db, env: Env, userId: string) {
  const rows = await db
    .select()
    .from(facilitatorShares)
    .where(eq(facilitatorShares.userId, userId))
    .orderBy(desc(facilitatorShares.lastMessageAt));
  return Promise.all(
    rows.map(async (row) => ({ ...openShare(env, row), messages: await threadMessages(db, env, row) })),
  );
}

/**
 * One of the member's own shares with a page of its conversation (`before`: the older ones) and
 * whether a keeper's word waits unread; another member's is null, as if it did not exist.
 */
export async function memberShare(db: Db, env: Env, userId: string, id: number, before?: number) {
  const [row] = await db
    .select()
    .from(facilitatorShares)
    .where(and(eq(facilitatorShares.id, id), eq(facilitatorShares.userId, userId)));
  if (!row) return null;
  const opened = openShare(env, row);
  const last = await lastKeeperWord(db, env, row, opened);
  return { ...opened, ...(await conversationPage(db, env, row, opened, before)), unread: isUnread(last, row) };
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
