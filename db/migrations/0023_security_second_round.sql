CREATE TABLE "secret_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_scope_owner_key_pk";--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_scope_owner_subject_key_pk" PRIMARY KEY("scope","owner","subject","key");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "grants_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "rendered_html" text;
