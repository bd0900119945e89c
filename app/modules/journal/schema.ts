import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";

/**
 * Journal entries. Title and content are sensitive: sealed together (AES-256-GCM, bound to the
 * member and the entry id). The chosen emotions, sensations, intensity and context stay in the
 * clear for the member's own charts; they mean little without the text.
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sealed: text("sealed").notNull(),
    emotions: text("emotions").array().notNull(),
    bodySensations: text("body_sensations").array().notNull(),
    intensity: integer("intensity").notNull(),
    ceremonyContext: text("ceremony_context"),
    /** Keyed hashes of the text's words for search (search-terms.server.ts); null until indexed. */
    searchTerms: text("search_terms").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("journal_entries_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("journal_entries_search_terms_idx").using("gin", t.searchTerms),
  ],
);
