import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open, seal } from "../../lib/encryption.server";
import { serialId } from "../../lib/ids";
import { users } from "../accounts/schema";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { facilitatorShares } from "./schema";
import {
  lastKeeperMessage,
  lastKeeperMessages,
  type ThreadMessage,
  threadMessagesInOrder,
  threadPage,
} from "./thread-reads.server";
import { ANONYMOUS } from "./thread-words";

export type ShareKind = "share" | "group-request" | "message";
export const context = (userId: string, id: number, part: "content" | "reply") => `share:${userId}:${id}:${part}`;
/** What a share's first words are sealed with (member-inbox.server.ts opens them for its list). */
export const contentContext = (userId: string, id: number) => context(userId, id, "content");

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

/** A conversation whose turn is the keepers': one rule for the badge and the console's "Today". */
export const shareWaiting = eq(facilitatorShares.status, "waiting-keeper");

/** Conversations whose turn is the keepers': the console's count and badge. */
export async function countWaitingShares(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(facilitatorShares).where(shareWaiting);
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
  // Each share's last keeper word in one go, not one statement per share (issue 47).
  const lastMessages = await lastKeeperMessages(db, env, rows);
  return rows.map((row) => {
    const opened = openShare(env, row);
    const last = lastMessages.get(row.id) ?? earlierReply(opened);
    return { ...opened, lastKeeperWord: last, unread: isUnread(last, row) };
  });
}

/** The member's shares in their export's order, newest word first: their ids only (a number each). */
export async function shareIdsOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: facilitatorShares.id })
    .from(facilitatorShares)
    .where(eq(facilitatorShares.userId, userId))
    .orderBy(desc(facilitatorShares.lastMessageAt), desc(facilitatorShares.id));
  return rows.map((row) => row.id);
}

/** The shares the export opens at a time (one statement), their messages read in pages across them. */
const EXPORT_SHARES = 50;

/**
 * Every share of `ids` (shareIdsOf) with its whole conversation (the older reply as `reply`): the
 * member's data export, never a page. Each share's `messages` is read as the writer reaches it, a
 * page at a time across the shares (thread-reads.server.ts), so only a page is held (issue 47).
 */
export async function* exportShares(db: Db, env: Env, userId: string, ids: ReadonlyArray<number>) {
  for (let at = 0; at < ids.length; at += EXPORT_SHARES) {
    const slice = ids.slice(at, at + EXPORT_SHARES);
    const rows = await db
      .select()
      .from(facilitatorShares)
      .where(and(eq(facilitatorShares.userId, userId), inArray(facilitatorShares.id, slice)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const shares = slice.flatMap((id) => byId.get(id) ?? []);
    const messagesOf = splitByShare(threadMessagesInOrder(db, env, shares));
    for (const row of shares) yield { ...openShare(env, row), messages: messagesOf(row.id) };
  }
}

/**
 * One stream of messages in the shares' order, split by share: each share's part is read when the
 * writer reaches it; the first message of the next share waits for that share.
 */
function splitByShare(messages: AsyncIterator<{ shareId: number; message: ThreadMessage }>) {
  let waiting: IteratorResult<{ shareId: number; message: ThreadMessage }> | undefined;
  return async function* messagesOf(shareId: number) {
    for (;;) {
      waiting ??= await messages.next();
      if (waiting.done || waiting.value.shareId !== shareId) return;
      yield waiting.value.message;
      waiting = undefined;
    }
  };
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

/**
 * Where the console's list goes on from (`?before=`): the last row's id, and in the waiting list, ordered urgent
 * first, whether it was urgent (`u<id>`), so the next page starts after it in that order, never repeating an urgent
 * share or skipping one.
 */
export type ShareCursor = { urgent: boolean; id: number };
export const shareCursor = (row: { urgent: boolean; id: number }, unanswered: boolean) =>
  unanswered && row.urgent ? `u${row.id}` : String(row.id);
export function parseShareCursor(value: string | null, unanswered: boolean): ShareCursor | undefined {
  const urgent = unanswered && value?.startsWith("u") === true;
  const id = serialId(urgent ? value?.slice(1) : value);
  return id ? { urgent, id } : undefined;
}

/**
 * The console list, a page at a time: who and when, never the content (opening one is an audited read). Waiting ones
 * on `facilitator_shares_waiting_idx (urgent, id)`, all of them on the primary key; `next` is the next page's cursor.
 */
export async function listSharesForStaff(db: Db, options: { unanswered?: boolean; before?: ShareCursor }) {
  const { unanswered = false, before } = options;
  const rows = await db
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
        unanswered ? eq(facilitatorShares.status, "waiting-keeper") : undefined,
        before
          ? unanswered
            ? sql`(${facilitatorShares.urgent}, ${facilitatorShares.id}) < (${before.urgent}::boolean, ${before.id}::int)`
            : lt(facilitatorShares.id, before.id)
          : undefined,
      ),
    )
    // Waiting: urgent ones first.
    .orderBy(...(unanswered ? [desc(facilitatorShares.urgent)] : []), desc(facilitatorShares.id))
    .limit(SHARES_PAGE_SIZE + 1);
  const shown = rows.slice(0, SHARES_PAGE_SIZE);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > SHARES_PAGE_SIZE && last ? shareCursor(last, unanswered) : null };
}
