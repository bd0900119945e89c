import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
  },
  (t) => [
    index("facilitator_shares_user_idx").on(t.userId, t.createdAt),
    index("facilitator_shares_created_idx").on(t.createdAt),
  ],
);
