import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    /** The member who wrote while signed in, or who later linked it from a proven address. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** It spoke of harm or danger (app/modules/care/crisis.ts): first in the inbox. */
    urgent: boolean("urgent").notNull().default(false),
    /** Handled by a keeper (answered, or marked so); the inbox counts the rest. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledByName: text("handled_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_user_idx").on(t.userId),
    index("contact_messages_email_idx").on(t.email),
    // The inbox's two lists in their orders, a page at a time (issue 47): waiting, urgent first then the oldest;
    // handled, urgent first then the newest handled (read backwards).
    index("contact_messages_waiting_idx")
      .on(t.urgent.desc().nullsFirst(), t.createdAt, t.id)
      .where(sql`${t.handledAt} is null`),
    index("contact_messages_handled_idx").on(t.urgent, t.handledAt, t.id).where(sql`${t.handledAt} is not null`),
  ],
);

/** A keeper's email answer to a contact message, sent through the outbox: who, when, what. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId)],
);
