import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Logger } from "pino";
import type { Db } from "../../../db/client";
import { EMAIL_PATTERN } from "../../lib/email";
import {
  claimDue,
  holdClaim,
  markFailed,
  markRefused,
  markSent,
  messageIdFor,
  RECIPIENT_REFUSED,
} from "./outbox.server";

export interface MailWorkerOptions {
  db: Db;
  smtpUrl: string;
  from: string;
  logger: Logger;
  intervalMs: number;
  /** First retry delay; doubles per attempt. */
  backoffBaseMs?: number;
  batchSize?: number;
  /** How long a claimed mail stays this worker's (outbox CLAIM_SECONDS by default). */
  claimSeconds?: number;
  /** At most this many mails a second from this process (an SMTP provider's limit); 0 or unset: as fast as SMTP takes them. */
  maxPerSecond?: number;
}

export interface MailWorker {
  /** Sends everything due now, batch after batch while batches come full; resolves with how many it took. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * MAIL_FROM ("Name <address>" or an address) as one mailbox; our own setting (checked at start-up), so
 * trusted. Also the organizer of booking calendar events.
 */
export function mailSender(from: string): { name: string; address: string } {
  const [sender, ...more] = addressparser(from);
  if (!sender || more.length > 0 || !("address" in sender) || !sender.address) {
    throw new Error("MAIL_FROM must be one address, such as: Sacred Path Congregation <no-reply@example.org>");
  }
  return { name: sender.name, address: sender.address };
}

/**
 * The SMTP connection SMTP_URL describes (smtps: is TLS from the start on 465; smtp: is 587 with
 * STARTTLS when offered), as the mail worker sends with it and `npm run doctor` checks it.
 */
export function smtpTransport(smtpUrl: string, options: { pooled?: boolean } = {}): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    // The worker keeps one connection open from mail to mail (nodemailer's pool, one connection, as
    // it sends one at a time): a newsletter's thousands are not one connection and sign-in each.
    ...(options.pooled ? { pool: true, maxConnections: 1 } : {}),
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * Delivers the outbox over SMTP. Without SMTP_URL no worker runs and mail stays queued,
 * readable by admins, until one is configured.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const from = mailSender(options.from);
  const url = new URL(options.smtpUrl);
  const transport = smtpTransport(options.smtpUrl, { pooled: true });
  // Asked once at start: a wrong host or password is said at once, not at the first mail.
  transport
    .verify()
    .catch((error: unknown) =>
      options.logger.warn(
        { smtpHost: url.host, err: error instanceof Error ? error.message : String(error) },
        "SMTP cannot be reached: mail waits in the outbox and is retried",
      ),
    );
  let running: Promise<number> | null = null;
  let stopped = false;
  /**
   * Rows SMTP accepted whose sent mark the database did not take (it dropped just then). They are
   * marked before anything new is claimed, and never handed to SMTP again by this process.
   */
  const unmarked = new Set<number>();

  async function markUnmarked(): Promise<void> {
    for (const id of unmarked) {
      await markSent(options.db, id);
      unmarked.delete(id);
    }
  }

  const batchSize = options.batchSize ?? 10;
  /** The pace: the earliest moment the next mail may go (only with maxPerSecond). */
  let nextSendAt = 0;
  async function keepPace(): Promise<void> {
    if (!options.maxPerSecond) return;
    const wait = nextSendAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextSendAt = Math.max(Date.now(), nextSendAt) + 1000 / options.maxPerSecond;
  }

  async function sendBatch(): Promise<number> {
    await markUnmarked();
    const rows = await claimDue(options.db, batchSize, options.claimSeconds);
    for (const row of rows) {
      await keepPace();
      // A claim that lapsed (a slow SMTP server, a long pause) may be another worker's now: it sends the row.
      if (!(await holdClaim(options.db, row, options.claimSeconds))) continue;
      // Queued before lib/email's rule (enqueue now stores such rows as failed): never handed to nodemailer.
      if (!EMAIL_PATTERN.test(row.toAddress)) {
        await markRefused(options.db, row.id, RECIPIENT_REFUSED);
        options.logger.warn({ mailId: row.id, kind: row.kind }, "mail refused: recipient is not one address");
        continue;
      }
      const to = { name: "", address: row.toAddress };
      try {
        // At most one calendar event per mail (nodemailer's icalEvent); other files are plain attachments.
        const calendar = row.attachments.find((a) => a.icalMethod);
        await transport.sendMail({
          messageId: messageIdFor(row, from.address),
          // Address objects and an explicit envelope: nodemailer parses no recipient string, so the
          // message goes to exactly the stored address.
          envelope: { from, to: [to] },
          from,
          to,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          headers: row.headers,
          icalEvent: calendar
            ? { method: calendar.icalMethod, filename: calendar.filename, content: calendar.content }
            : undefined,
          attachments: row.attachments
            .filter((a) => a !== calendar)
            .map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const givenUp = await markFailed(options.db, row, message, options.backoffBaseMs);
        options.logger.warn({ mailId: row.id, kind: row.kind, err: message }, "mail send failed");
        // After days of retries: an admin must resend it from the outbox, so it is an event of its own.
        if (givenUp) options.logger.error({ event: "mail-failed", mailId: row.id, kind: row.kind }, "mail given up");
        continue;
      }
      // Delivered: from here a failure is the database's, never a reason to send again.
      unmarked.add(row.id);
      options.logger.info({ mailId: row.id, kind: row.kind }, "mail sent");
      await markUnmarked();
    }
    return rows.length;
  }

  /** Batch after batch while they come full: a newsletter's thousands go at SMTP's pace, not one batch a tick. */
  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await sendBatch();
      total += taken;
      if (taken < batchSize || stopped) return total;
    }
  }

  function tick(): Promise<number> {
    // One drain at a time per process; overlapping ticks share the running one.
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) tick().catch((error) => options.logger.error({ err: String(error) }, "mail worker tick failed"));
  }, options.intervalMs);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
      transport.close();
    },
  };
}
