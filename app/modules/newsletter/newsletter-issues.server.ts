import { and, count, desc, eq, gt, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import { newToken } from "~/lib/tokens.server";
import type { Db } from "../../../db/client";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue, enqueueMany } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { renderIssueHtml } from "./issue-body.server";
import type { IssueFormat } from "./issue-formats";
import { unsubscribeHeaders } from "./newsletter.server";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "./schema";

/**
 * Subscribers queued per transaction: a long list never holds one long lock or one huge write, and
 * the process holds one batch's mails at a time (bench-newsletter: 50,000 in bounded memory).
 */
export const ISSUE_BATCH = 200;

export interface IssueInput {
  subject: string;
  body: string;
  format: IssueFormat;
}

type Issue = typeof newsletterIssues.$inferSelect;

/**
 * The issue's body as mail HTML: as stored when it was saved, so it is rendered once, not per
 * page view or per subscriber. An issue saved before the rendering was kept (migration 0023) is
 * rendered now and stored, unless it changed meanwhile.
 */
export async function issueHtml(db: Db, issue: Issue): Promise<string> {
  if (issue.renderedHtml !== null) return issue.renderedHtml;
  const html = renderIssueHtml(issue);
  await db
    .update(newsletterIssues)
    .set({ renderedHtml: html })
    .where(
      and(
        eq(newsletterIssues.id, issue.id),
        isNull(newsletterIssues.renderedHtml),
        eq(newsletterIssues.body, issue.body),
        eq(newsletterIssues.format, issue.format),
      ),
    );
  return html;
}

/** A mail of the issue; per subscriber only the unsubscribe link differs. */
function issueMail(issue: Issue, html: string, unsubscribeUrl: string, footer: string) {
  return renderMail({
    heading: issue.subject,
    paragraphs: [],
    rich: { html, text: issue.body },
    footer,
    unsubscribeUrl,
  });
}

const SUBSCRIBER_FOOTER = "You receive this because you subscribed to our letters and confirmed it.";

export const ISSUE_PAGE_SIZE = 20;

/**
 * The console's issues, newest first, a page at a time before the id `before` (`?before=`, issue 47) on the primary
 * key: the list's columns only, never the bodies. `next` is the next page's cursor, or null at the first issue.
 */
export async function listIssues(db: Db, before?: number) {
  const rows = await db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      authorName: newsletterIssues.authorName,
      sendStartedAt: newsletterIssues.sendStartedAt,
      sentAt: newsletterIssues.sentAt,
      sentByName: newsletterIssues.sentByName,
      recipientCount: newsletterIssues.recipientCount,
      updatedAt: newsletterIssues.updatedAt,
    })
    .from(newsletterIssues)
    .where(before ? lt(newsletterIssues.id, before) : undefined)
    .orderBy(desc(newsletterIssues.id))
    .limit(ISSUE_PAGE_SIZE + 1);
  const shown = rows.slice(0, ISSUE_PAGE_SIZE);
  return { issues: shown, next: rows.length > ISSUE_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null };
}

export async function getIssue(db: Db, id: number): Promise<Issue | undefined> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row;
}

export async function createIssue(db: Db, author: { name: string }, input: IssueInput): Promise<number> {
  const [row] = await db
    .insert(newsletterIssues)
    .values({ ...input, renderedHtml: renderIssueHtml(input), authorName: author.name })
    .returning({ id: newsletterIssues.id });
  if (!row) throw new Error("issue insert returned no row");
  return row.id;
}

/** Saves a draft. Once its sending has begun an issue is a record: "locked". */
export async function saveIssue(db: Db, id: number, input: IssueInput): Promise<"saved" | "locked" | "missing"> {
  const rows = await db
    .update(newsletterIssues)
    .set({ ...input, renderedHtml: renderIssueHtml(input), updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sendStartedAt)))
    .returning({ id: newsletterIssues.id });
  if (rows.length > 0) return "saved";
  return (await getIssue(db, id)) ? "locked" : "missing";
}

/** The issue as a subscriber will read it, to the keeper's own address; the unsubscribe link is an example. */
export async function sendTest(db: Db, issue: Issue, to: string, siteUrl: string): Promise<void> {
  const mail = issueMail(
    issue,
    await issueHtml(db, issue),
    `${siteUrl}/newsletter/unsubscribe/example`,
    "This is a test sent to you from the console. In each subscriber's mail the unsubscribe link below is their own.",
  );
  await enqueue(db, { kind: "newsletter.test", to, subject: `[Test] ${issue.subject}`, ...mail });
}

export type SendOutcome = { kind: "sent"; count: number } | { kind: "nobody" } | { kind: "missing" };

/**
 * Sends an issue to every confirmed subscriber, in batches, each mail through the outbox with its
 * own one-click unsubscribe. Once per subscriber however often it runs: each batch holds the
 * issue's row lock, and a subscriber is queued only with a new (issue, subscriber) delivery row,
 * unique in the database. A send cut off half way is finished by the next run (the keeper pressing
 * Send again, or `resumeSends` on the server's timer).
 */
export async function sendIssue(
  db: Db,
  id: number,
  sender: { id: string; name: string },
  siteUrl: string,
  ip: string,
): Promise<SendOutcome> {
  const start = await db.transaction(async (t) => {
    const [issue] = await t.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!issue) return "missing" as const;
    if (issue.sendStartedAt) return "started" as const;
    const [confirmed] = await t
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "confirmed"));
    if (!confirmed?.n) return "nobody" as const;
    await t
      .update(newsletterIssues)
      .set({ sendStartedAt: new Date(), sentByName: sender.name })
      .where(eq(newsletterIssues.id, id));
    await recordAudit(t, {
      action: AUDIT_ACTIONS.newsletterSent,
      actor: sender,
      detail: { issue: id, subscribers: confirmed.n },
      ip,
    });
    return "started" as const;
  });
  if (start !== "started") return { kind: start };
  return { kind: "sent", count: await finishSend(db, id, siteUrl) };
}

/** What stands for each subscriber's unsubscribe token in the mail rendered once per batch (a token never has it). */
const TOKEN_SLOT = "UNSUBSCRIBE-TOKEN-SLOT";

/**
 * Queues the next batch of a started issue under its row lock: up to ISSUE_BATCH confirmed
 * subscribers past `after` (keyset on id, so the 250th batch costs what the first does) that
 * have no delivery of it yet, one delivery row each (unique per issue and subscriber) and one mail
 * each, in one transaction. A cut-off or concurrent run skips whoever is queued. Returns the last
 * subscriber it looked at (the next batch's `after`), how many, or null when the issue is done.
 */
async function queueBatch(
  db: Db,
  id: number,
  siteUrl: string,
  after: number,
): Promise<{ last: number; size: number } | null> {
  return db.transaction(async (t) => {
    const [issue] = await t.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!issue || issue.sentAt) return null;
    const batch = await t
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.status, "confirmed"),
          gt(newsletterSubscribers.id, after),
          notExists(
            t
              .select({ one: sql`1` })
              .from(newsletterDeliveries)
              .where(
                and(
                  eq(newsletterDeliveries.issueId, id),
                  eq(newsletterDeliveries.subscriberId, newsletterSubscribers.id),
                ),
              ),
          ),
        ),
      )
      .orderBy(newsletterSubscribers.id)
      .limit(ISSUE_BATCH);
    if (batch.length === 0) return { last: after, size: 0 };
    const tokens = batch.map(() => newToken());
    const delivered = await t
      .insert(newsletterDeliveries)
      .values(batch.map((s, i) => ({ issueId: id, subscriberId: s.id, unsubscribeTokenHash: tokens[i]?.hash ?? "" })))
      .onConflictDoNothing()
      .returning({ subscriberId: newsletterDeliveries.subscriberId });
    const queued = new Set(delivered.map((d) => d.subscriberId));
    // Rendered once per batch; per subscriber only the token differs (URL-safe, so as written in both parts).
    const mail = issueMail(issue, await issueHtml(t, issue), unsubscribeUrl(siteUrl, TOKEN_SLOT), SUBSCRIBER_FOOTER);
    const headers = unsubscribeHeaders(unsubscribeUrl(siteUrl, TOKEN_SLOT));
    const fill = (text: string, token: string) => text.replaceAll(TOKEN_SLOT, token);
    await enqueueMany(
      t,
      batch.flatMap((subscriber, i) => {
        const token = tokens[i]?.token;
        if (!queued.has(subscriber.id) || !token) return [];
        return [
          {
            kind: "newsletter.issue",
            to: subscriber.email,
            subject: issue.subject,
            text: fill(mail.text, token),
            html: fill(mail.html, token),
            headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, fill(v, token)])),
          },
        ];
      }),
    );
    return { last: batch.at(-1)?.id ?? after, size: batch.length };
  });
}

const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/unsubscribe/${token}`;

/** Queues the rest of a started issue, batch by batch, then records it sent; returns how many it went to. */
async function finishSend(db: Db, id: number, siteUrl: string): Promise<number> {
  for (let after = 0; ; ) {
    const queued = await queueBatch(db, id, siteUrl, after);
    if (queued === null || queued.size < ISSUE_BATCH) break;
    after = queued.last;
  }
  return db.transaction(async (t) => {
    const [issue] = await t.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!issue || issue.sentAt) return issue?.recipientCount ?? 0;
    const [sent] = await t
      .select({ n: count() })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, id));
    const recipientCount = sent?.n ?? 0;
    await t.update(newsletterIssues).set({ sentAt: new Date(), recipientCount }).where(eq(newsletterIssues.id, id));
    return recipientCount;
  });
}

/** Finishes any send that was cut off (a restart, a dropped database) before every mail was queued. */
export async function resumeSends(db: Db, siteUrl: string): Promise<number> {
  const open = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(isNotNull(newsletterIssues.sendStartedAt), isNull(newsletterIssues.sentAt)));
  for (const issue of open) await finishSend(db, issue.id, siteUrl);
  return open.length;
}
