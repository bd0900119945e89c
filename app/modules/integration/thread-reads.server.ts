import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open } from "../../lib/encryption.server";
import { facilitatorShares, shareMessages } from "./schema";

/*
 * Reading a conversation (issue 33): its messages opened for whoever may read them, a page at a
 * time (issue 45: a page's cost does not grow with the conversation), and what the member has read.
 * Writing one is threads.server.ts.
 */

/** Each message is sealed for its member, its share and its place (docs/decisions/013). */
export const messageContext = (memberId: string, shareId: number, messageId: number) =>
  `share:${memberId}:${shareId}:message:${messageId}`;

/** A message's place in the conversation, opened for whoever may read it. */
export interface ThreadMessage {
  id: number;
  fromKeeper: boolean;
  /** The keeper's name as it was; null for the member's own words. */
  authorName: string | null;
  text: string;
  createdAt: Date;
}

type MessageRow = typeof shareMessages.$inferSelect;
const opened = (ring: ReturnType<typeof keyringFor>, share: { id: number; userId: string }, row: MessageRow) => ({
  id: row.id,
  fromKeeper: row.fromKeeper,
  authorName: row.authorName,
  text: open(ring, row.sealed, messageContext(share.userId, share.id, row.id)),
  createdAt: row.createdAt,
});

/**
 * Every message after a share's first words, oldest first: for the member's export only. A page
 * reads `threadPage`, whose cost does not grow with the conversation (issue 45).
 */
export async function threadMessages(
  db: Db,
  env: Env,
  share: { id: number; userId: string },
): Promise<ThreadMessage[]> {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const rows = await db
    .select()
    .from(shareMessages)
    .where(eq(shareMessages.shareId, share.id))
    .orderBy(asc(shareMessages.id));
  return rows.map((row) => opened(ring, share, row));
}

/** How many messages a conversation's page shows: its newest, with a link to the ones before. */
export const THREAD_PAGE_SIZE = 50;

export interface ThreadPage {
  /** Oldest first. */
  messages: ThreadMessage[];
  /** The cursor (`?before=`) of the messages before these, or null when these reach the start. */
  earlier: number | null;
}

/**
 * One page of a conversation: its newest `THREAD_PAGE_SIZE` messages before `before` (the newest of
 * all without it), oldest first. One bounded query on `share_messages_share_idx`.
 */
export async function threadPage(
  db: Db,
  env: Env,
  share: { id: number; userId: string },
  before?: number,
): Promise<ThreadPage> {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const rows = await db
    .select()
    .from(shareMessages)
    .where(and(eq(shareMessages.shareId, share.id), before ? lt(shareMessages.id, before) : undefined))
    .orderBy(desc(shareMessages.id))
    .limit(THREAD_PAGE_SIZE + 1);
  const shown = rows.slice(0, THREAD_PAGE_SIZE).reverse();
  return {
    messages: shown.map((row) => opened(ring, share, row)),
    earlier: rows.length > THREAD_PAGE_SIZE ? (shown[0]?.id ?? null) : null,
  };
}

/** The keepers' last message in a conversation, if any (one row, on `share_messages_keeper_idx`). */
export async function lastKeeperMessage(
  db: Db,
  env: Env,
  share: { id: number; userId: string },
): Promise<ThreadMessage | null> {
  const [row] = await db
    .select()
    .from(shareMessages)
    .where(and(eq(shareMessages.shareId, share.id), eq(shareMessages.fromKeeper, true)))
    .orderBy(desc(shareMessages.id))
    .limit(1);
  return row ? opened(keyringFor(env.DATA_ENCRYPTION_KEY), share, row) : null;
}

/**
 * The member opened their conversation themselves (or pressed "Mark as read"): the keepers'
 * messages so far are read. False when it is not theirs.
 */
export async function markReadByMember(db: Db, memberId: string, shareId: number): Promise<boolean> {
  const done = await db
    .update(facilitatorShares)
    .set({ memberReadAt: new Date() })
    .where(and(eq(facilitatorShares.id, shareId), eq(facilitatorShares.userId, memberId)))
    .returning({ id: facilitatorShares.id });
  return done.length === 1;
}

/**
 * How many of the member's conversations hold a keeper's word they have not opened: the
 * navigation's count. The one being opened and read (`opening`) is not counted: its page reads it
 * as the count is taken (the two loaders run side by side).
 */
export async function unreadForMember(db: Db, memberId: string, opening?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${facilitatorShares.id})::int` })
    .from(facilitatorShares)
    .leftJoin(shareMessages, and(eq(shareMessages.shareId, facilitatorShares.id), eq(shareMessages.fromKeeper, true)))
    .where(
      and(
        eq(facilitatorShares.userId, memberId),
        opening ? ne(facilitatorShares.id, opening) : undefined,
        or(
          and(
            sql`${shareMessages.id} is not null`,
            or(isNull(facilitatorShares.memberReadAt), gt(shareMessages.createdAt, facilitatorShares.memberReadAt)),
          ),
          and(
            sql`${facilitatorShares.repliedAt} is not null`,
            or(isNull(facilitatorShares.memberReadAt), gt(facilitatorShares.repliedAt, facilitatorShares.memberReadAt)),
          ),
        ),
      ),
    );
  return row?.n ?? 0;
}
