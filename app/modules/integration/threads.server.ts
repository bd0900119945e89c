import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open, seal } from "../../lib/encryption.server";
import { wantsMail } from "../accounts/mail-settings.server";
import { users } from "../accounts/schema";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { facilitatorShares, shareMessages } from "./schema";

/*
 * The conversation a share opens (issue 33): the member and the keepers write back and forth as
 * often as needed. Each message is sealed for its share and its place; the other side is told by
 * an email that says only that there is a new message, with a link. Whose turn it is (`status`)
 * moves with each message: a member's makes it the keepers', a keeper's the member's; closing it
 * is a keeper's act, and a member writing again opens it again.
 */

export type ThreadStatus = "waiting-keeper" | "waiting-member" | "closed";

const messageContext = (memberId: string, shareId: number, messageId: number) =>
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

/** The messages after a share's first words, oldest first (the share and a pre-conversation reply are the share's). */
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
  return rows.map((row) => ({
    id: row.id,
    fromKeeper: row.fromKeeper,
    authorName: row.authorName,
    text: open(ring, row.sealed, messageContext(share.userId, share.id, row.id)),
    createdAt: row.createdAt,
  }));
}

/** The address of the keeper who took a conversation, while they are still staff; else null. */
async function keeperAddress(tx: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [keeper] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  return keeper && (keeper.role === "keeper" || keeper.role === "admin") ? keeper.email : null;
}

/** Stores one sealed message (the id is part of its sealed context, so it is sealed once the row exists). */
async function storeMessage(
  tx: Db,
  env: Env,
  share: { id: number; userId: string },
  author: { id: string; name: string | null; fromKeeper: boolean },
  text: string,
) {
  const [row] = await tx
    .insert(shareMessages)
    .values({
      shareId: share.id,
      fromKeeper: author.fromKeeper,
      authorId: author.id,
      authorName: author.name,
      sealed: "pending",
    })
    .returning({ id: shareMessages.id });
  if (!row) throw new Error("message not stored");
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  await tx
    .update(shareMessages)
    .set({ sealed: seal(ring, text, messageContext(share.userId, share.id, row.id)) })
    .where(eq(shareMessages.id, row.id));
  return row.id;
}

/**
 * The member writes again in their own conversation: the keepers' turn, the keepers told (a link,
 * none of the words), and words of harm or danger mark the share urgent and bring the crisis lines.
 * Another member's share is "missing", as if it did not exist.
 */
export async function writeAsMember(
  db: Db,
  env: Env,
  member: { id: string },
  shareId: number,
  text: string,
): Promise<{ kind: "written"; urgent: boolean } | { kind: "missing" }> {
  const urgent = speaksOfCrisis(text);
  return db.transaction(async (tx) => {
    const [share] = await tx
      .select({
        id: facilitatorShares.id,
        userId: facilitatorShares.userId,
        urgent: facilitatorShares.urgent,
        assigneeId: facilitatorShares.assigneeId,
      })
      .from(facilitatorShares)
      .where(and(eq(facilitatorShares.id, shareId), eq(facilitatorShares.userId, member.id)))
      .for("update");
    if (!share) return { kind: "missing" as const };
    await storeMessage(tx, env, share, { id: member.id, name: null, fromKeeper: false }, text);
    const now = new Date();
    await tx
      .update(facilitatorShares)
      .set({ status: "waiting-keeper", lastMessageAt: now, memberReadAt: now, urgent: share.urgent || urgent })
      .where(eq(facilitatorShares.id, share.id));
    // A conversation a keeper took is theirs to answer: told at their own address. Urgent words, and
    // a conversation no one took, go to the keepers' shared address, where whoever is at work reads it.
    const taker = urgent ? null : await keeperAddress(tx, share.assigneeId);
    await notifyKeepers(tx, taker ? { ...env, STAFF_EMAIL: taker } : env, {
      kind: "share.notify",
      what: "A member's new message",
      path: `/console/shares/${share.id}`,
      urgent,
    });
    return { kind: "written" as const, urgent };
  });
}

/**
 * A keeper writes in a conversation: the member's turn, and the member told by an email with no
 * words of it (unless they turned emails off). Writing in a closed conversation opens it again.
 */
export async function writeAsKeeper(
  db: Db,
  env: Env,
  staff: { id: string; name: string },
  shareId: number,
  text: string,
): Promise<"written" | "missing"> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: facilitatorShares.id, userId: facilitatorShares.userId, name: users.name, email: users.email })
      .from(facilitatorShares)
      .innerJoin(users, eq(users.id, facilitatorShares.userId))
      .where(eq(facilitatorShares.id, shareId))
      .for("update", { of: facilitatorShares });
    if (!found) return "missing" as const;
    await storeMessage(tx, env, found, { id: staff.id, name: staff.name, fromKeeper: true }, text);
    await tx
      .update(facilitatorShares)
      .set({ status: "waiting-member", lastMessageAt: new Date() })
      .where(eq(facilitatorShares.id, found.id));
    if (!(await wantsMail(tx, found.userId, "emailNotifications"))) return "written" as const;
    await enqueue(tx, {
      kind: "share.message",
      to: found.email,
      subject: "A new message from the Temple Keepers",
      ...renderMail({
        heading: `There is a new message for you, ${found.name}`,
        paragraphs: [
          "A Temple Keeper has written to you. For your privacy the message is not in this email; you can read it, and answer, in your member area.",
        ],
        action: { label: "Read the message", url: `${env.SITE_URL}/integration/shares/${found.id}` },
      }),
    });
    return "written" as const;
  });
}

/** A keeper takes the conversation (it shows as theirs), or closes or reopens it. Missing: false. */
export async function setThread(
  db: Db,
  staff: { id: string; name: string },
  shareId: number,
  change: "take" | "close" | "reopen",
): Promise<boolean> {
  const set =
    change === "take"
      ? { assigneeId: staff.id, assigneeName: staff.name }
      : change === "close"
        ? { status: "closed" as const }
        : { status: "waiting-keeper" as const };
  const done = await db
    .update(facilitatorShares)
    .set(set)
    .where(eq(facilitatorShares.id, shareId))
    .returning({ id: facilitatorShares.id });
  return done.length === 1;
}

/** The member opened their conversation: the keepers' messages so far are read. */
export async function markReadByMember(db: Db, memberId: string, shareId: number) {
  await db
    .update(facilitatorShares)
    .set({ memberReadAt: new Date() })
    .where(and(eq(facilitatorShares.id, shareId), eq(facilitatorShares.userId, memberId)));
}

/**
 * How many of the member's conversations hold a keeper's word they have not opened: the
 * navigation's count. The one being opened (`opening`) is not counted: its page reads it as the
 * count is taken (the two loaders run side by side).
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
