import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** What a form's success answers: where a browser without JavaScript is sent, and the data a script gets. */
export interface SubmissionAnswer<T = unknown> {
  redirectTo: string;
  data?: T;
}

/**
 * Form submissions already stored, by the one-time key their form carried (docs/decisions/008):
 * a second submission with the same key gets the first answer instead of making a second record.
 * Written in the same transaction as the record; kept for a day.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    /** The form ("contact", "journal.new", ...). */
    scope: text("scope").notNull(),
    /** The account that sent it, or "" for a visitor: a key is only ever answered to its own sender. */
    owner: text("owner").notNull().default(""),
    /**
     * The record the form acts on ("booking-link:<hash>", "journal:12"), or "" for a form that makes
     * a new one: a key spent on one record is never answered for another.
     */
    subject: text("subject").notNull().default(""),
    key: text("key").notNull(),
    answer: jsonb("answer").$type<SubmissionAnswer>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.owner, t.subject, t.key] })],
);
