ALTER TABLE "bookings" ADD COLUMN "integration_prompt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "journal_reminded_at" timestamp with time zone;