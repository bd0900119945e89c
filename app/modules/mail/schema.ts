import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /**
   * A calendar invitation or cancellation (iTIP): sent as the mail's text/calendar alternative with this
   * method, besides the attached file, which is how calendar programs recognise one to act on.
   */
  icalMethod?: "REQUEST" | "CANCEL";
}

export const outboxStatuses = ["pending", "sending", "sent", "failed"] as const;

/**
 * Durable mail outbox: every email is a row first, so nothing is lost when SMTP is down or
 * not configured. The worker claims rows with FOR UPDATE SKIP LOCKED, so several app
 * processes can run it without sending twice.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** Why it was sent, e.g. "contact.notify" or "newsletter.confirm". */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Extra headers such as List-Unsubscribe. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** Small text attachments, e.g. a booking's .ics calendar file. */
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /**
     * It holds a link that grants something (a welcome, reset, confirmation, manage or unsubscribe
     * link; app/lib/token-routes.ts): its body and headers are cleared once sent and left out of backups.
     */
    grantsAccess: boolean("grants_access").notNull().default(false),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While "sending": when the claim expires (a crashed worker's rows become pending again). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The worker's claim (outbox.server.ts `claimDue`): the first unsent rows by id, past none of the sent
    // ones (issue 47: walking the primary key, each claim of a 50,000 newsletter passed every mail sent before).
    index("mail_outbox_unsent_idx").on(t.id).where(sql`${t.status} in ('pending', 'sending')`),
    // The console's and /metrics' count of mail not yet sent or given up on, however much was sent.
    index("mail_outbox_unsettled_idx").on(t.status).where(sql`${t.status} in ('pending', 'sending', 'failed')`),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;
