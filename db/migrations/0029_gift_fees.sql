ALTER TABLE "gifts" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;