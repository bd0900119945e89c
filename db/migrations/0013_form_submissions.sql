CREATE TABLE "form_submissions" (
	"scope" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_scope_owner_key_pk" PRIMARY KEY("scope","owner","key")
);
