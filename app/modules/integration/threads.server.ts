import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, seal } from "../../lib/encryption.server";
import { wantsMail } from "../accounts/mail-settings.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { facilitatorShares, shareMessages } from "./schema";
import { messageContext } from "./thread-reads.server";

/*
 * The conversation a share opens (issue 33): the member and the keepers write back and forth as
 * often as needed. Each message is sealed for its share and its place; the other side is told by
 * an email that says only that there is a new message, with a link. Whose turn it is (`status`)
 * moves with each message: a member's makes it the keepers', a keeper's the member's; closing it
 * is a keeper's act, and a member writing again opens it again.
 */

export type ThreadStatus = "waiting-keeper" | "waiting-member" | "closed";

/** Whether the member has a keeper's word they have not opened yet (then they were told of it already). */
const memberHasUnread = (share: { memberReadAt: Date | null; keeperWroteAt: Date | null }) =>
  Boolean(share.keeperWroteAt && (!share.memberReadAt || share.keeperWroteAt > share.memberReadAt));

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
 * The member writes again in their own conversation: the keepers' turn, and words of harm or danger
 * mark the share urgent and bring the crisis lines. The keepers are told (a link, none of the words)
 * once until one of them reads it (`keepers_told`), not once per message (issue 45); an urgent
 * message is told once more, as urgent, to the shared address. Another member's share is
 * "missing", as if it did not exist.
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
        keepersTold: facilitatorShares.keepersTold,
      })
      .from(facilitatorShares)
      .where(and(eq(facilitatorShares.id, shareId), eq(facilitatorShares.userId, member.id)))
      .for("update");
    if (!share) return { kind: "missing" as const };
    await storeMessage(tx, env, share, { id: member.id, name: null, fromKeeper: false }, text);
    // Nothing told since a keeper last read it: tell. Told, but not of urgency, and now urgent: tell
    // that, so it reaches whoever is at work with "Urgent" first. Otherwise the notice waiting in
    // their inbox already leads to this message too.
    const tell = share.keepersTold === null || (urgent && share.keepersTold !== "urgent");
    const now = new Date();
    await tx
      .update(facilitatorShares)
      .set({
        status: "waiting-keeper",
        lastMessageAt: now,
        memberReadAt: now,
        urgent: share.urgent || urgent,
        ...(tell ? { keepersTold: urgent ? ("urgent" as const) : ("waiting" as const) } : {}),
      })
      .where(eq(facilitatorShares.id, share.id));
    if (!tell) return { kind: "written" as const, urgent };
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
 * words of it (unless they turned emails off), once until they open it: a keeper's second message
 * before then adds no second email (issue 45). Writing in a closed conversation opens it again.
 * The keeper has read it: the next message of the member is told again.
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
      .select({
        id: facilitatorShares.id,
        userId: facilitatorShares.userId,
        memberReadAt: facilitatorShares.memberReadAt,
        keeperWroteAt: facilitatorShares.keeperWroteAt,
        name: users.name,
        email: users.email,
      })
      .from(facilitatorShares)
      .innerJoin(users, eq(users.id, facilitatorShares.userId))
      .where(eq(facilitatorShares.id, shareId))
      .for("update", { of: facilitatorShares });
    if (!found) return "missing" as const;
    const toldAlready = memberHasUnread(found);
    await storeMessage(tx, env, found, { id: staff.id, name: staff.name, fromKeeper: true }, text);
    await tx
      .update(facilitatorShares)
      .set({ status: "waiting-member", lastMessageAt: new Date(), keepersTold: null })
      .where(eq(facilitatorShares.id, found.id));
    if (toldAlready || !(await wantsMail(tx, found.userId, "emailNotifications"))) return "written" as const;
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

export type ThreadChange = "take" | "release" | "close" | "reopen";

/**
 * A keeper takes the conversation (it shows as theirs, and the member's next messages are told at
 * their address), hands it back (no one's again: told at the shared address), or closes or reopens
 * it. Taking and handing back are audited, as who holds a member's words is; only the keeper who
 * holds it hands it back (another's press changes nothing). Missing: false.
 */
export async function setThread(
  db: Db,
  staff: { id: string; name: string },
  shareId: number,
  change: ThreadChange,
  ip?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [share] = await tx
      .select({
        id: facilitatorShares.id,
        userId: facilitatorShares.userId,
        anonymous: facilitatorShares.anonymous,
        assigneeId: facilitatorShares.assigneeId,
      })
      .from(facilitatorShares)
      .where(eq(facilitatorShares.id, shareId))
      .for("update");
    if (!share) return false;
    if (change === "close" || change === "reopen") {
      await tx
        .update(facilitatorShares)
        .set({ status: change === "close" ? "closed" : "waiting-keeper" })
        .where(eq(facilitatorShares.id, shareId));
      return true;
    }
    // A resend changes nothing more, and is not audited twice.
    const holds = share.assigneeId === staff.id;
    if (change === "take" ? holds : !holds) return true;
    await tx
      .update(facilitatorShares)
      .set(
        change === "take"
          ? { assigneeId: staff.id, assigneeName: staff.name }
          : { assigneeId: null, assigneeName: null },
      )
      .where(eq(facilitatorShares.id, shareId));
    // An anonymous share's audit names no member (keeper-reads.server.ts: the same rule as its reads).
    await recordAudit(tx, {
      action: change === "take" ? AUDIT_ACTIONS.shareTaken : AUDIT_ACTIONS.shareReleased,
      actor: staff,
      subjectUserId: share.anonymous ? null : share.userId,
      detail: share.anonymous ? { shareId, anonymous: true } : { shareId },
      ip,
    });
    return true;
  });
}
