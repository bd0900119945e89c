CREATE TABLE "checklist_ticks" (
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_ticks_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "meditation_sits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"meditation_id" text NOT NULL,
	"seconds" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_ticks" ADD CONSTRAINT "checklist_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meditation_sits" ADD CONSTRAINT "meditation_sits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meditation_sits_user_idx" ON "meditation_sits" USING btree ("user_id","completed_at");