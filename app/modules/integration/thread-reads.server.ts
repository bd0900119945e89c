import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open } from "../../lib/encryption.server";
import { MAX_SERIAL } from "../../lib/ids";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
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
 * Every message after the first words of `shares`, in their order and oldest first within each: for
 * the member's export only, read a page of EXPORT_PAGE_SIZE at a time (issue 47: it was one query per
 * share, then every message at once). A page is two statements: which messages come next (one index
 * range of `share_messages_share_idx` per share, each cut at a page), then those rows.
 */
export async function* threadMessagesInOrder(
  db: Db,
  env: Env,
  shares: ReadonlyArray<{ id: number; userId: string }>,
): AsyncGenerator<{ shareId: number; message: ThreadMessage }> {
  if (shares.length === 0) return;
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const list = sql.join(
    shares.map((share, pos) => sql`(${pos}::int, ${share.id}::int)`),
    sql`, `,
  );
  const pages = inPages(EXPORT_PAGE_SIZE, async (last?: { pos: number; id: number }) => {
    const next = await db.execute(sql`
      select s.pos, m.id from (values ${list}) as s(pos, share_id)
      cross join lateral (
        select m.id from share_messages m
         where m.share_id = s.share_id ${last ? sql`and (s.pos > ${last.pos} or m.id > ${last.id})` : sql``}
         order by m.id limit ${EXPORT_PAGE_SIZE}) as m
      ${last ? sql`where s.pos >= ${last.pos}` : sql``}
      order by s.pos, m.id limit ${EXPORT_PAGE_SIZE}`);
    const keys = (next as unknown as { rows: Array<{ pos: number; id: number }> }).rows.map((r) => ({
      pos: Number(r.pos),
      id: Number(r.id),
    }));
    if (keys.length === 0) return [];
    const rows = await db
      .select()
      .from(shareMessages)
      .where(
        inArray(
          shareMessages.id,
          keys.map((k) => k.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A message deleted between the two statements is left out, and the page keeps its length.
    return keys.map((key) => ({ ...key, row: byId.get(key.id) }));
  });
  for await (const { pos, row } of pages) {
    const share = shares[pos];
    if (row && share) yield { shareId: share.id, message: opened(ring, share, row) };
  }
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
    // The conversation's messages as a range of share_messages_share_idx (share_id, id), not as
    // "share_id = …": with that equality PostgreSQL may order by the primary key alone and walk it
    // back from the newest message of all, past every later conversation's (48,000 rows and 14 ms
    // for an old conversation at the scale bench's factor 100; 0.3 ms this way).
    .where(
      and(
        sql`(${shareMessages.shareId}, ${shareMessages.id}) > (${share.id}::int, 0)`,
        sql`(${shareMessages.shareId}, ${shareMessages.id}) < (${share.id}::int, ${before ?? MAX_SERIAL}::int)`,
      ),
    )
    .orderBy(desc(shareMessages.shareId), desc(shareMessages.id))
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
 * The keepers' last message in each of many conversations, by share id: two statements however many
 * shares (issue 47), each one index probe per share on `share_messages_keeper_idx`.
 */
export async function lastKeeperMessages(
  db: Db,
  env: Env,
  shares: Array<{ id: number; userId: string }>,
): Promise<Map<number, ThreadMessage>> {
  const found = new Map<number, ThreadMessage>();
  if (shares.length === 0) return found;
  const list = sql.join(
    shares.map((share) => sql`(${share.id}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select (select m.id from share_messages m where m.share_id = s.id and m.from_keeper order by m.id desc limit 1) as id
    from (values ${list}) as s(id)`);
  const ids = (result as unknown as { rows: Array<{ id: number | null }> }).rows.flatMap((r) =>
    r.id === null ? [] : [Number(r.id)],
  );
  if (ids.length === 0) return found;
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const byId = new Map(shares.map((share) => [share.id, share]));
  for (const row of await db.select().from(shareMessages).where(inArray(shareMessages.id, ids))) {
    const share = byId.get(row.shareId);
    if (share) found.set(row.shareId, opened(ring, share, row));
  }
  return found;
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
