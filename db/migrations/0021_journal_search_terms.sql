ALTER TABLE "journal_entries" ADD COLUMN "search_terms" text[];--> statement-breakpoint
CREATE INDEX "journal_entries_search_terms_idx" ON "journal_entries" USING gin ("search_terms");