import { and, count, desc, eq, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { micromark } from "micromark";
import { newToken } from "~/lib/tokens.server";
import type { Db } from "../../../db/client";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { escapeHtml, renderMail } from "../mail/templates";
import type { IssueFormat } from "./issue-formats";
import { unsubscribeHeaders } from "./newsletter.server";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "./schema";

/** Subscribers queued per transaction: a long list never holds one long lock or one huge write. */
export const ISSUE_BATCH = 200;

export interface IssueInput {
  subject: string;
  body: string;
  format: IssueFormat;
}

type Issue = typeof newsletterIssues.$inferSelect;

/**
 * An issue's body as mail HTML and plain text. Markdown through micromark, which escapes any HTML
 * typed into it and drops `javascript:` links (a keeper's words, never a script in a reader's mail
 * or in another keeper's preview); plain text keeps its paragraphs and line breaks.
 */
export function renderIssueBody(issue: Pick<Issue, "body" | "format">): { html: string; text: string } {
  const html =
    issue.format === "markdown"
      ? micromark(issue.body)
      : issue.body
          .split(/\n\s*\n/)
          .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
          .join("\n");
  return { html, text: issue.body };
}

function issueMail(issue: Issue, unsubscribeUrl: string, footer: string) {
  return renderMail({ heading: issue.subject, paragraphs: [], rich: renderIssueBody(issue), footer, unsubscribeUrl });
}

const SUBSCRIBER_FOOTER = "You receive this because you subscribed to our letters and confirmed it.";

export function listIssues(db: Db) {
  return db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.id)).limit(100);
}

export async function getIssue(db: Db, id: number): Promise<Issue | undefined> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row;
}

export async function createIssue(db: Db, author: { name: string }, input: IssueInput): Promise<number> {
  const [row] = await db
    .insert(newsletterIssues)
    .values({ ...input, authorName: author.name })
    .returning({ id: newsletterIssues.id });
  if (!row) throw new Error("issue insert returned no row");
  return row.id;
}

/** Saves a draft. Once its sending has begun an issue is a record: "locked". */
export async function saveIssue(db: Db, id: number, input: IssueInput): Promise<"saved" | "locked" | "missing"> {
  const rows = await db
    .update(newsletterIssues)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sendStartedAt)))
    .returning({ id: newsletterIssues.id });
  if (rows.length > 0) return "saved";
  return (await getIssue(db, id)) ? "locked" : "missing";
}

/** The issue as a subscriber will read it, to the keeper's own address; the unsubscribe link is an example. */
export async function sendTest(db: Db, issue: Issue, to: string, siteUrl: string): Promise<void> {
  const mail = issueMail(
    issue,
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

/** Queues the rest of a started issue, batch by batch, then records it sent; returns how many it went to. */
async function finishSend(db: Db, id: number, siteUrl: string): Promise<number> {
  for (;;) {
    const queued = await db.transaction(async (t) => {
      const [issue] = await t.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
      if (!issue || issue.sentAt) return 0;
      const batch = await t
        .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.status, "confirmed"),
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
      for (const subscriber of batch) {
        const unsubscribe = newToken();
        const [delivery] = await t
          .insert(newsletterDeliveries)
          .values({ issueId: id, subscriberId: subscriber.id, unsubscribeTokenHash: unsubscribe.hash })
          .onConflictDoNothing()
          .returning({ id: newsletterDeliveries.id });
        if (!delivery) continue;
        const url = `${siteUrl}/newsletter/unsubscribe/${unsubscribe.token}`;
        await enqueue(t, {
          kind: "newsletter.issue",
          to: subscriber.email,
          subject: issue.subject,
          ...issueMail(issue, url, SUBSCRIBER_FOOTER),
          headers: unsubscribeHeaders(url),
        });
      }
      return batch.length;
    });
    if (queued < ISSUE_BATCH) break;
  }
  return db.transaction(async (t) => {
    const [issue] = await t.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (issue?.sentAt) return issue.recipientCount;
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
