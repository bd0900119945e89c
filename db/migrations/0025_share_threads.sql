CREATE TABLE "share_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"from_keeper" boolean NOT NULL,
	"author_id" text,
	"author_name" text,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD COLUMN "status" text DEFAULT 'waiting-keeper' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD COLUMN "assignee_name" text;--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD COLUMN "member_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "share_messages" ADD CONSTRAINT "share_messages_share_id_facilitator_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "facilitator_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_messages" ADD CONSTRAINT "share_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_messages_share_idx" ON "share_messages" USING btree ("share_id","id");--> statement-breakpoint
ALTER TABLE "facilitator_shares" ADD CONSTRAINT "facilitator_shares_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Shares from before conversations: one answered waits on its member (its reply counted as read), and each sorts by its last word.
UPDATE "facilitator_shares" SET "status" = 'waiting-member', "member_read_at" = now() WHERE "replied_at" IS NOT NULL;--> statement-breakpoint
UPDATE "facilitator_shares" SET "last_message_at" = coalesce("replied_at", "created_at");
