CREATE TABLE "facilitator_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"sealed" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"reply_sealed" text,
	"replied_by_id" text,
	"replied_by_name" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sealed" text NOT NULL,
	"tags" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD CONSTRAINT "facilitator_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facilitator_shares_user_idx" ON "facilitator_shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "facilitator_shares_created_idx" ON "facilitator_shares" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "integration_sessions_user_idx" ON "integration_sessions" USING btree ("user_id","created_at");