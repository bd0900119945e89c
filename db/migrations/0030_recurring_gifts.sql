CREATE TABLE "recurring_gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"provider" text NOT NULL,
	"subscription_id" text,
	"interval" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"failed_payments" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"next_billing_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "recurring_gifts_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
CREATE TABLE "paypal_plans" (
	"interval" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"recurring_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failing" boolean DEFAULT false NOT NULL,
	"failed_payments" integer DEFAULT 0 NOT NULL,
	"next_billing_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "recurring_id" text;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_gifts_user_idx" ON "recurring_gifts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_gifts_status_idx" ON "recurring_gifts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_subscriptions_recurring_idx" ON "test_provider_subscriptions" USING btree ("recurring_id");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_recurring_id_recurring_gifts_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "recurring_gifts"("id") ON DELETE set null ON UPDATE no action;