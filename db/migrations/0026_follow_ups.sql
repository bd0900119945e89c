CREATE TABLE "follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"booking_id" text,
	"days" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"invited_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"sealed" text,
	"care_reason" text,
	"care_urgent" boolean DEFAULT false NOT NULL,
	"care_due_at" timestamp with time zone,
	"care_done_at" timestamp with time zone,
	"care_done_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "follow_ups" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "follow_ups_planned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_user_idx" ON "follow_ups" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "follow_ups_due_idx" ON "follow_ups" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_booking_step_idx" ON "follow_ups" USING btree ("booking_id","days");