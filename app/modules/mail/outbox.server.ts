import { and, desc, eq, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { EMAIL_PATTERN } from "../../lib/email";
import { oneLine } from "../../lib/one-line";
import { holdsTokenLink } from "../../lib/token-routes";
import { type MailAttachment, mailOutbox, type OutboxRow } from "./schema";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/**
 * How long a mail keeps being retried (at most hourly, after the first backoff) before it is marked
 * failed and shown to admins: an SMTP outage of days loses nothing.
 */
export const GIVE_UP_AFTER_MS = 5 * 86_400_000;
/**
 * How long a claimed row stays ours before another worker may retry it: longer than one SMTP
 * hand-over can take (nodemailer's timeouts: 10 s to connect, 10 s for the greeting, 20 s idle).
 */
export const CLAIM_SECONDS = 120;

/**
 * What stays of a mail that held a link granting something (lib/token-routes) once it is sent, and
 * in every backup: the token lived only in the mail (the database keeps its hash).
 */
export const CLEARED_BODY = "[Cleared once sent: this email held a single-use link.]";
/** Why such a mail, still unsent, is failed in a backup: its link is not in the backup to send. */
export const LEFT_OUT_OF_BACKUP = "Left out of the backup: it held a single-use link. Ask for a new link.";

/** A subject names at most this many characters (a name in it is cut to fit, with an ellipsis). */
const SUBJECT_MAX = 200;

/** Why a recipient is refused, in the outbox and in errors (never the address itself: it is personal). */
export const RECIPIENT_REFUSED = "Not sent: the recipient is not one plain email address (app/lib/email.ts).";

/** A mail as its outbox row: refused recipients failed with the reason, granting links marked. */
function outboxRow(mail: OutgoingMail) {
  const refused = !EMAIL_PATTERN.test(mail.to);
  const grantsAccess = [mail.text, mail.html ?? "", ...Object.values(mail.headers ?? {})].some(holdsTokenLink);
  return {
    ...(refused ? { status: "failed" as const, lastError: RECIPIENT_REFUSED } : {}),
    kind: mail.kind,
    grantsAccess,
    toAddress: mail.to,
    // One line, whatever a name set into it (a subject is a header: issue 45).
    subject: oneLine(mail.subject, SUBJECT_MAX),
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    headers: mail.headers ?? {},
    attachments: mail.attachments ?? [],
  };
}

/**
 * Queues an email. Call inside the same transaction as the change it reports. A recipient the
 * mailer would not deliver to exactly (lib/email; only an address stored before that rule can be
 * one) is kept as failed with the reason, never sent: the change it reports still happens (a
 * keeper's decision, a booking reminder batch), and an admin sees the refusal in the outbox.
 */
export async function enqueue(db: Db, mail: OutgoingMail): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(outboxRow(mail)).returning({ id: mailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

/** Queues many emails in one statement (a newsletter batch), each as `enqueue` would. */
export async function enqueueMany(db: Db, mails: ReadonlyArray<OutgoingMail>): Promise<void> {
  if (mails.length > 0) await db.insert(mailOutbox).values(mails.map(outboxRow));
}

/**
 * Claims up to `limit` due rows for this worker. SKIP LOCKED lets several processes claim
 * concurrently without ever taking the same row; a claim that outlives `claimSeconds` (the
 * worker died mid-send) becomes claimable again. The claim's end is whole milliseconds, so the
 * row this returns names it exactly and `holdClaim` can tell the claim is still this worker's.
 */
export async function claimDue(db: Db, limit: number, claimSeconds = CLAIM_SECONDS): Promise<OutboxRow[]> {
  // The database's clock, not ours: rows are stamped with now() at microsecond precision.
  const rows = await db.execute(sql`
    update ${mailOutbox}
       set status = 'sending',
           locked_until = date_trunc('milliseconds', now() + make_interval(secs => ${claimSeconds}))
     where id in (
       select id from ${mailOutbox}
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by id
        limit ${limit}
        for update skip locked)
    returning id`);
  const ids = (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.query.mailOutbox.findMany({ where: (t, { inArray }) => inArray(t.id, ids), orderBy: mailOutbox.id });
}

/**
 * Just before a claimed row goes to SMTP: whether it is still this worker's claim (its end
 * unchanged, not yet past), and if so a fresh `claimSeconds` for the hand-over. A batch that
 * took longer than its claim (a slow SMTP server) lost its later rows to another worker, which
 * sends them: this worker must not, or they would go twice. `row.lockedUntil` follows the claim.
 */
export async function holdClaim(db: Db, row: OutboxRow, claimSeconds = CLAIM_SECONDS): Promise<boolean> {
  if (!row.lockedUntil) return false;
  const held = await db.execute(sql`
    update ${mailOutbox}
       set locked_until = date_trunc('milliseconds', now() + make_interval(secs => ${claimSeconds}))
     where id = ${row.id} and status = 'sending' and locked_until = ${row.lockedUntil.toISOString()}::timestamptz
       and locked_until > now()
    returning locked_until`);
  const [until] = (held as unknown as { rows: Array<{ locked_until: string | Date }> }).rows;
  if (!until) return false;
  row.lockedUntil = new Date(until.locked_until);
  return true;
}

/** A mail's body, HTML and headers, cleared when it held a link that grants something. */
const clearedWhereGranting = {
  textBody: sql`case when ${mailOutbox.grantsAccess} then ${CLEARED_BODY} else ${mailOutbox.textBody} end`,
  htmlBody: sql`case when ${mailOutbox.grantsAccess} then null else ${mailOutbox.htmlBody} end`,
  headers: sql`case when ${mailOutbox.grantsAccess} then '{}'::jsonb else ${mailOutbox.headers} end`,
};

/** Delivered; a mail that held a link granting something keeps no copy of it from here on. */
export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      ...clearedWhereGranting,
      status: "sent",
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, id));
}

/** A row that must never be sent (its recipient fails lib/email, queued before the rule): failed, not retried. */
export async function markRefused(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      ...clearedWhereGranting,
      status: "failed",
      lastError: reason,
      lockedUntil: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Exponential backoff: 30 s, 1 min, 2 min ... capped at one hour. */
export function backoffMs(attempts: number, baseMs = 30_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The mail's own Message-ID, the same at every attempt: if a send is repeated (the sent mark was
 * lost), mail software sees one message, not two.
 */
export function messageIdFor(row: Pick<OutboxRow, "id" | "createdAt">, fromAddress: string): string {
  const domain = fromAddress.split("@").at(-1) || "localhost";
  return `<outbox-${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

/** Records a failed attempt; answers whether the mail was given up on (failed for good). */
export async function markFailed(db: Db, row: OutboxRow, error: string, baseMs?: number): Promise<boolean> {
  const attempts = row.attempts + 1;
  const giveUp = Date.now() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      attempts,
      lastError: error.slice(0, 500),
      lockedUntil: null,
      nextAttemptAt: new Date(Date.now() + backoffMs(attempts, baseMs)),
    })
    .where(eq(mailOutbox.id, row.id));
  return giveUp;
}

/** Whether a mail's link was cleared (sent, or left out of a backup): there is nothing left to send. */
export const isCleared = (row: Pick<OutboxRow, "textBody">) => row.textBody === CLEARED_BODY;

/**
 * Puts a failed or sent email back in the queue (admin "resend"). A mail whose link was cleared
 * cannot be: false (its person asks for a new link).
 */
export async function requeue(db: Db, id: number): Promise<boolean> {
  const queued = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), or(eq(mailOutbox.grantsAccess, false), ne(mailOutbox.textBody, CLEARED_BODY))))
    .returning({ id: mailOutbox.id });
  return queued.length > 0;
}

/**
 * An outbox row as a backup keeps it (scripts/lib/backup.ts; `t` is the row): a mail holding a
 * link that grants something loses its body and headers, and if still unsent is failed with the
 * reason, so a restored server never sends an empty mail. Written as SQL so the backup streams.
 */
export const outboxBackupRow = sql.raw(`case when t.grants_access then to_jsonb(t) || jsonb_build_object(
  'text_body', '${CLEARED_BODY}'::text, 'html_body', null, 'headers', '{}'::jsonb,
  'status', case when t.status = 'sent' then 'sent' else 'failed' end,
  'last_error', case when t.status = 'sent' or t.text_body = '${CLEARED_BODY}' then t.last_error else '${LEFT_OUT_OF_BACKUP}' end)
  else to_jsonb(t) end`);

export async function listOutbox(db: Db, options: { limit?: number; before?: number } = {}): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(options.before ? lt(mailOutbox.id, options.before) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit ?? 50);
}

/** Mail not yet delivered, and mail given up on (an admin resends it from the outbox). */
export async function countUnsentMail(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('pending', 'sending', 'failed')`)
    .groupBy(mailOutbox.status);
  const count = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
  return { pending: count("pending") + count("sending"), failed: count("failed") };
}
