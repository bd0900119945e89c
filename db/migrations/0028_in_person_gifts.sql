ALTER TABLE "gifts" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "cheque_number" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "recorded_by_name" text;