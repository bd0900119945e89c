import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { contactMessages, contactReplies } from "./schema";
import type { ContactInput } from "./validation";

interface KeeperEnv {
  STAFF_EMAIL: string;
  SITE_URL: string;
}

/**
 * Stores the message (with the account that wrote it, when signed in) and tells the keepers it
 * waits in the console inbox, in one transaction: both or neither. A message that speaks of harm
 * or danger is marked urgent; the sender is shown crisis lines (the caller's page).
 */
export async function submitContactMessage(
  db: Db,
  env: KeeperEnv,
  input: ContactInput,
  userId: string | null,
): Promise<{ id: number; urgent: boolean }> {
  const urgent = speaksOfCrisis(input.message);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId, urgent })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("contact insert returned no row");
    await notifyKeepers(tx, env, {
      kind: "contact.notify",
      what: "A contact message",
      path: `/console/inbox/${row.id}`,
      urgent,
    });
    return { id: row.id, urgent };
  });
}

/** Messages not yet handled: the console's count and badge. */
export async function countWaitingMessages(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(isNull(contactMessages.handledAt));
  return row?.n ?? 0;
}

export type InboxFilter = "waiting" | "handled";

/** The inbox: urgent first, then the oldest waiting (or the newest handled). */
export async function listInbox(db: Db, filter: InboxFilter) {
  const waiting = filter === "waiting";
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      urgent: contactMessages.urgent,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledByName: contactMessages.handledByName,
      preview: sql<string>`left(${contactMessages.message}, 120)`,
    })
    .from(contactMessages)
    .where(waiting ? isNull(contactMessages.handledAt) : sql`${contactMessages.handledAt} is not null`)
    .orderBy(desc(contactMessages.urgent), waiting ? asc(contactMessages.createdAt) : desc(contactMessages.handledAt))
    .limit(200);
}

/** One message with its replies; reading it is recorded in the audit log. */
export async function readMessage(db: Db, staff: { id: string; name: string }, id: number, ip: string) {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) return null;
  const replies = await db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt));
  await recordAudit(db, {
    action: AUDIT_ACTIONS.contactRead,
    actor: staff,
    subjectUserId: message.userId,
    detail: { messageId: id, from: message.name },
    ip,
  });
  return { message, replies };
}

/** Marks a message handled (or waiting again); says who. */
export async function setHandled(db: Db, staff: { name: string }, id: number, handled: boolean) {
  const [row] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledByName: staff.name } : { handledAt: null, handledByName: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return Boolean(row);
}

/**
 * A keeper's answer by email, through the outbox (so it survives an SMTP outage), recorded with
 * who replied; the message counts as handled. The sender's own words are quoted below it.
 */
export async function replyToMessage(
  db: Db,
  staff: { id: string; name: string },
  id: number,
  body: string,
  ip: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!message) return false;
    await tx.insert(contactReplies).values({ messageId: id, staffId: staff.id, staffName: staff.name, body });
    await tx
      .update(contactMessages)
      .set({ handledAt: new Date(), handledByName: staff.name })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
    await enqueue(tx, {
      kind: "contact.reply",
      to: message.email,
      subject: "A reply from the Temple Keepers",
      ...renderMail({
        heading: `Dear ${message.name}`,
        paragraphs: [
          { keeperWrote: body },
          `${staff.name}, Temple Keeper`,
          { lead: "You wrote to us:", quote: message.message },
        ],
        footer: "You receive this because you wrote to us through our contact page.",
      }),
    });
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.contactReply,
      actor: staff,
      subjectUserId: message.userId,
      detail: { messageId: id, from: message.name },
      ip,
    });
    return true;
  });
}
