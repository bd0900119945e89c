import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { issueFormats } from "./issue-formats";

export const subscriberStatuses = ["pending", "confirmed", "unsubscribed"] as const;

/**
 * Newsletter subscribers. Double opt-in: only "confirmed" rows receive newsletters.
 * Tokens are stored as SHA-256 hashes; the plain token only ever lives in the email.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    /** The member whose subscription this is (subscribed while signed in, or linked later). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: subscriberStatuses }).notNull().default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(t.email),
    uniqueIndex("newsletter_subscribers_confirm_idx")
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
    uniqueIndex("newsletter_subscribers_unsubscribe_idx").on(t.unsubscribeTokenHash),
  ],
);

/**
 * A newsletter issue: written as a draft, then sent once to every confirmed subscriber. The
 * record of what went out (when, by whom, to how many) stays with it.
 */
export const newsletterIssues = pgTable("newsletter_issues", {
  id: serial("id").primaryKey(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  format: text("format", { enum: issueFormats }).notNull().default("markdown"),
  /** The body as mail HTML, rendered once when the issue is saved (null: written before it was kept). */
  renderedHtml: text("rendered_html"),
  authorName: text("author_name").notNull(),
  /** Set when a keeper pressed Send; the issue is then no longer editable. */
  sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
  /** Set when every confirmed subscriber had their mail queued. */
  sentAt: timestamp("sent_at", { withTimezone: true }),
  sentByName: text("sent_by_name"),
  recipientCount: integer("recipient_count").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per subscriber an issue was queued for. The unique (issue, subscriber) pair is what
 * makes a retried or concurrent send queue each mail once. Each mail carries its own
 * unsubscribe token (stored hashed), since the subscriber's own is never kept in plain text.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: serial("id").primaryKey(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_once_idx").on(t.issueId, t.subscriberId),
    uniqueIndex("newsletter_deliveries_unsubscribe_idx").on(t.unsubscribeTokenHash),
  ],
);
