import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/** Integration sessions: every text field sealed together (sensitive); tags in the clear for the archive. */
export const integrationSessions = pgTable(
  "integration_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sealed: text("sealed").notNull(),
    tags: text("tags").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("integration_sessions_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What a member shares with the Temple Keepers: a reflection ("share"), a request to join a group
 * session, or a private message. Content and reply are sealed. "Anonymous" hides the member's name
 * from the keepers who read it (they see "Anonymous member"); the reply still reaches the member
 * through their account.
 */
export const facilitatorShares = pgTable(
  "facilitator_shares",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["share", "group-request", "message"] }).notNull(),
    sealed: text("sealed").notNull(),
    anonymous: boolean("anonymous").notNull().default(false),
    /** It spoke of harm or danger (app/modules/care/crisis.ts): first in the keepers' list. */
    urgent: boolean("urgent").notNull().default(false),
    replySealed: text("reply_sealed"),
    repliedById: text("replied_by_id"),
    repliedByName: text("replied_by_name"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Whose turn it is in the conversation the share opened (issue 33). */
    status: text("status", { enum: ["waiting-keeper", "waiting-member", "closed"] })
      .notNull()
      .default("waiting-keeper"),
    /** The keeper who took the conversation, if one did (their name as it was then). */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    assigneeName: text("assignee_name"),
    /** When the last message of either side was written: the lists' order. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the member last opened the conversation: keepers' messages after it are unread. */
    memberReadAt: timestamp("member_read_at", { withTimezone: true }),
    /**
     * When the keepers last wrote in it (their newest message, or the reply from before
     * conversations): kept by the database itself (a trigger on share_messages, migration 0035),
     * so every member page counts unread conversations without reading their messages (issue 47).
     */
    keeperWroteAt: timestamp("keeper_wrote_at", { withTimezone: true }),
    /**
     * What the keepers were emailed since one of them last opened or answered it (issue 45): null
     * when nothing; "waiting" after a notice; "urgent" after an urgent one. One notice per
     * conversation until a keeper reads it, however many messages the member writes meanwhile.
     */
    keepersTold: text("keepers_told", { enum: ["waiting", "urgent"] }),
  },
  (t) => [
    index("facilitator_shares_user_idx").on(t.userId, t.createdAt),
    index("facilitator_shares_created_idx").on(t.createdAt),
    // The console's waiting list, urgent first, a page at a time (issue 47), and its badge's count.
    index("facilitator_shares_waiting_idx").on(t.urgent, t.id).where(sql`${t.status} = 'waiting-keeper'`),
  ],
);

/**
 * The messages after a share, back and forth between the member and the keepers (issue 33): each
 * sealed for its share and place; a keeper's name as it was when they wrote. The share's first
 * words (and a reply given before conversations, `reply_sealed`) stay on the share.
 */
export const shareMessages = pgTable(
  "share_messages",
  {
    id: serial("id").primaryKey(),
    shareId: integer("share_id")
      .notNull()
      .references(() => facilitatorShares.id, { onDelete: "cascade" }),
    fromKeeper: boolean("from_keeper").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name"),
    sealed: text("sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A page of a conversation: its newest messages before a cursor (`?before=`), never all of them.
    index("share_messages_share_idx").on(t.shareId, t.id),
    // The keepers' last word in a conversation, however many the member wrote after it.
    index("share_messages_keeper_idx").on(t.shareId, t.fromKeeper, t.id),
  ],
);
