import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, QueryBuilder } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open } from "../../lib/encryption.server";
import { facilitatorShares } from "./schema";
import { contentContext } from "./shares.server";

/*
 * The member's one place for their conversations (issue 48, like a practice's client inbox): every
 * conversation, the newest word first, a keeper's unread word marked, a page at a time; and the
 * navigation's "Messages (N new)", which leads there, or straight to the conversation when there
 * is only one to go to. Both read unread-ness from `unread` below: one rule.
 */

/**
 * A keeper wrote since the member last opened the conversation: `keeper_wrote_at` (their newest
 * message or the reply from before conversations, kept by the database) is after `member_read_at`.
 * A comparison of two columns of the row, so the count costs no read of the messages (issue 47:
 * an EXISTS per conversation made every member page of a member with 500 of them 4 ms dearer).
 * The columns are named in full: drizzle writes a one-table query's columns unqualified.
 */
const unread = sql<boolean>`(
  "facilitator_shares"."keeper_wrote_at" is not null
  and ("facilitator_shares"."member_read_at" is null
    or "facilitator_shares"."keeper_wrote_at" > "facilitator_shares"."member_read_at")
)`;

export interface MessagesLink {
  /** How many conversations hold a keeper's word the member has not opened. */
  unread: number;
  /** Where "Messages" leads: the one unread conversation, or the only one, else the list. */
  to: string;
}

/** The four counts "Messages" is decided from. */
interface LinkCounts {
  total: number;
  only: number | null;
  unread: number;
  firstUnread: number | null;
}

/**
 * The counts for the account `memberId` names (a value, or a column of the query this is part of),
 * as one JSON value. The conversation being opened and read (`opening`) is not counted new: its
 * page reads it as the count is taken (the loaders run side by side; app/routes/member/layout.tsx).
 */
function linkCounts(memberId: string | AnyPgColumn, opening?: number) {
  const isNew = opening ? sql`(${unread} and ${facilitatorShares.id} <> ${opening})` : unread;
  return new QueryBuilder()
    .select({
      counts: sql<LinkCounts>`json_build_object(
        'total', count(*)::int,
        'only', min(${facilitatorShares.id}),
        'unread', (count(*) filter (where ${isNew}))::int,
        'firstUnread', min(${facilitatorShares.id}) filter (where ${isNew}))`,
    })
    .from(facilitatorShares)
    .where(eq(facilitatorShares.userId, memberId));
}

/** Where "Messages" leads: the one unread conversation, or the only one, else the list. */
export function linkFrom(counts: LinkCounts | null | undefined): MessagesLink {
  const count = counts?.unread ?? 0;
  const to =
    count === 1 && counts?.firstUnread
      ? `/integration/shares/${counts.firstUnread}`
      : count === 0 && counts?.total === 1 && counts.only
        ? `/integration/shares/${counts.only}`
        : "/messages";
  return { unread: count, to };
}

/** The navigation's "Messages", read on its own (a form's post, the two-factor page). */
export async function messagesLink(db: Db, memberId: string, opening?: number): Promise<MessagesLink> {
  const result = await db.execute(sql`${linkCounts(memberId, opening)}`);
  return linkFrom((result as unknown as { rows: Array<{ counts: LinkCounts }> }).rows[0]?.counts);
}

/**
 * The same counts as a scalar subquery of the query that reads the session (accounts' `getViewerAnd`):
 * a page's GET learns where "Messages" leads in the session's own round trip.
 */
export const messagesLinkOf =
  (opening?: number) =>
  (memberId: AnyPgColumn): SQL<LinkCounts> =>
    sql<LinkCounts>`(${linkCounts(memberId, opening)})`;

/** How many conversations one page of the list holds. */
export const MESSAGES_PAGE_SIZE = 20;

export interface ConversationRow {
  id: number;
  kind: "share" | "group-request" | "message";
  status: "waiting-keeper" | "waiting-member" | "closed";
  /** The member's own first words (theirs to read), shortened by the page. */
  content: string;
  createdAt: Date;
  lastMessageAt: Date;
  unread: boolean;
}

/**
 * One page of the member's conversations, the newest word first (`page` from 1). Offset paging:
 * one member's conversations are few, and the order (`last_message_at`) moves as they write.
 */
export async function memberConversations(
  db: Db,
  env: Env,
  memberId: string,
  page: number,
): Promise<{ rows: ConversationRow[]; more: boolean }> {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const found = await db
    .select({
      id: facilitatorShares.id,
      userId: facilitatorShares.userId,
      kind: facilitatorShares.kind,
      status: facilitatorShares.status,
      sealed: facilitatorShares.sealed,
      createdAt: facilitatorShares.createdAt,
      lastMessageAt: facilitatorShares.lastMessageAt,
      unread,
    })
    .from(facilitatorShares)
    .where(and(eq(facilitatorShares.userId, memberId), ne(facilitatorShares.sealed, "pending")))
    .orderBy(desc(facilitatorShares.lastMessageAt), desc(facilitatorShares.id))
    .limit(MESSAGES_PAGE_SIZE + 1)
    .offset((page - 1) * MESSAGES_PAGE_SIZE);
  return {
    rows: found.slice(0, MESSAGES_PAGE_SIZE).map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      content: open(ring, r.sealed, contentContext(r.userId, r.id)),
      createdAt: r.createdAt,
      lastMessageAt: r.lastMessageAt,
      unread: Boolean(r.unread),
    })),
    more: found.length > MESSAGES_PAGE_SIZE,
  };
}
