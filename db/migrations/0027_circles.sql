CREATE TABLE "circle_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"circle_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"video_url" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by_id" text,
	"created_by_name" text NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circle_signups" ADD CONSTRAINT "circle_signups_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_signups" ADD CONSTRAINT "circle_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_signups_one_idx" ON "circle_signups" USING btree ("circle_id","user_id");--> statement-breakpoint
CREATE INDEX "circle_signups_waitlist_idx" ON "circle_signups" USING btree ("circle_id","joined_at") WHERE "circle_signups"."status" = 'waitlisted';--> statement-breakpoint
CREATE INDEX "circle_signups_user_idx" ON "circle_signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "circles_starts_idx" ON "circles" USING btree ("starts_at");