CREATE TABLE "adverse_reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"place_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"severity" text NOT NULL,
	"emergency_called" boolean NOT NULL,
	"sealed" text NOT NULL,
	"reported_by_id" text,
	"reported_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ceremony_attendance" (
	"place_id" integer PRIMARY KEY NOT NULL,
	"arrived_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"transport_followed" boolean,
	"sealed" text,
	"recorded_by_id" text,
	"recorded_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ceremony_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by_id" text,
	"created_by_name" text NOT NULL,
	"aftercare_planned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ceremony_facilitators" (
	"day_id" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "ceremony_facilitators_day_id_user_id_pk" PRIMARY KEY("day_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ceremony_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"document_id" text NOT NULL,
	"code" text NOT NULL,
	"severity" text NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"settled_at" timestamp with time zone,
	"settled_by_id" text,
	"settled_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ceremony_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"application_id" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by_id" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preparation_sessions" (
	"place_id" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"keeper_id" text,
	"keeper_name" text NOT NULL,
	"held_at" timestamp with time zone,
	"held_by_id" text,
	"held_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readiness_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"sealed" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_ip" text,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "adverse_reactions" ADD CONSTRAINT "adverse_reactions_day_id_ceremony_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "ceremony_days"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adverse_reactions" ADD CONSTRAINT "adverse_reactions_place_id_ceremony_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "ceremony_places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adverse_reactions" ADD CONSTRAINT "adverse_reactions_reported_by_id_users_id_fk" FOREIGN KEY ("reported_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_attendance" ADD CONSTRAINT "ceremony_attendance_place_id_ceremony_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "ceremony_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_attendance" ADD CONSTRAINT "ceremony_attendance_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_days" ADD CONSTRAINT "ceremony_days_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_facilitators" ADD CONSTRAINT "ceremony_facilitators_day_id_ceremony_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "ceremony_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_facilitators" ADD CONSTRAINT "ceremony_facilitators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_flags" ADD CONSTRAINT "ceremony_flags_place_id_ceremony_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "ceremony_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_flags" ADD CONSTRAINT "ceremony_flags_document_id_readiness_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "readiness_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_flags" ADD CONSTRAINT "ceremony_flags_settled_by_id_users_id_fk" FOREIGN KEY ("settled_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_places" ADD CONSTRAINT "ceremony_places_day_id_ceremony_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "ceremony_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_places" ADD CONSTRAINT "ceremony_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_places" ADD CONSTRAINT "ceremony_places_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_places" ADD CONSTRAINT "ceremony_places_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_sessions" ADD CONSTRAINT "preparation_sessions_place_id_ceremony_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "ceremony_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_sessions" ADD CONSTRAINT "preparation_sessions_keeper_id_users_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_sessions" ADD CONSTRAINT "preparation_sessions_held_by_id_users_id_fk" FOREIGN KEY ("held_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_documents" ADD CONSTRAINT "readiness_documents_place_id_ceremony_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "ceremony_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_documents" ADD CONSTRAINT "readiness_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adverse_reactions_day_idx" ON "adverse_reactions" USING btree ("day_id");--> statement-breakpoint
CREATE INDEX "adverse_reactions_occurred_idx" ON "adverse_reactions" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "ceremony_days_starts_idx" ON "ceremony_days" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "ceremony_days_ends_idx" ON "ceremony_days" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "ceremony_facilitators_user_idx" ON "ceremony_facilitators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ceremony_flags_place_idx" ON "ceremony_flags" USING btree ("place_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ceremony_places_one_idx" ON "ceremony_places" USING btree ("day_id","user_id");--> statement-breakpoint
CREATE INDEX "ceremony_places_user_idx" ON "ceremony_places" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "readiness_documents_signed_idx" ON "readiness_documents" USING btree ("place_id","kind") WHERE "readiness_documents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "readiness_documents_user_idx" ON "readiness_documents" USING btree ("user_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_place_step_idx" ON "follow_ups" USING btree ("place_id","days");--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."status" in ('pending', 'sending');