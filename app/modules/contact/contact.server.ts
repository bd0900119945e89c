import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type UrgentCursor, urgentCursor } from "../../lib/ids";
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

/** A message not yet handled: one rule for the badge and the console's "Today". */
export const contactWaiting = isNull(contactMessages.handledAt);

/** Messages not yet handled: the console's count and badge. */
export async function countWaitingMessages(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(contactWaiting);
  return row?.n ?? 0;
}

export type InboxFilter = "waiting" | "handled";

export const INBOX_PAGE_SIZE = 30;

/** After the cursor in the waiting order (urgent first, then the oldest): on `contact_messages_waiting_idx`. */
function afterWaiting(c: UrgentCursor) {
  const later = sql`(${contactMessages.createdAt}, ${contactMessages.id}) > (${c.at.toISOString()}::timestamptz, ${c.id}::int)`;
  return c.urgent
    ? or(and(eq(contactMessages.urgent, true), later), eq(contactMessages.urgent, false))
    : and(eq(contactMessages.urgent, false), gte(contactMessages.createdAt, c.at), later);
}

/**
 * The inbox, a page at a time: urgent first, then the oldest waiting (or the newest handled). Each list on its own
 * partial index, so a page costs the same however many messages the years bring (issue 47).
 */
export async function listInbox(db: Db, filter: InboxFilter, before?: UrgentCursor) {
  const waiting = filter === "waiting";
  const rows = await db
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
    .where(
      waiting
        ? and(isNull(contactMessages.handledAt), before ? afterWaiting(before) : undefined)
        : and(
            isNotNull(contactMessages.handledAt),
            before
              ? sql`(${contactMessages.urgent}, ${contactMessages.handledAt}, ${contactMessages.id}) < (${before.urgent}::boolean, ${before.at.toISOString()}::timestamptz, ${before.id}::int)`
              : undefined,
          ),
    )
    .orderBy(
      desc(contactMessages.urgent),
      ...(waiting
        ? [asc(contactMessages.createdAt), asc(contactMessages.id)]
        : [desc(contactMessages.handledAt), desc(contactMessages.id)]),
    )
    .limit(INBOX_PAGE_SIZE + 1);
  const shown = rows.slice(0, INBOX_PAGE_SIZE);
  const last = shown.at(-1);
  const next =
    rows.length > INBOX_PAGE_SIZE && last
      ? urgentCursor(last.urgent, (waiting ? last.createdAt : last.handledAt) ?? last.createdAt, last.id)
      : null;
  return { rows: shown, next };
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
