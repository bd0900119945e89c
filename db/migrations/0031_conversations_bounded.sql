ALTER TABLE "facilitator_shares" ADD COLUMN "keepers_told" text;--> statement-breakpoint
CREATE INDEX "audit_share_read_idx" ON "audit_log" USING btree (("detail"->>'shareId')) WHERE "audit_log"."action" = 'share.read';--> statement-breakpoint
CREATE INDEX "share_messages_keeper_idx" ON "share_messages" USING btree ("share_id","from_keeper","id");--> statement-breakpoint
-- Reads of anonymous shares recorded before issue 45 named the member: they name no one now (the member still finds them by the share's id).
UPDATE "audit_log" SET "subject_user_id" = NULL, "detail" = "detail" || '{"anonymous": true}'::jsonb WHERE "action" = 'share.read' AND ("detail"->>'shareId') IN (SELECT "id"::text FROM "facilitator_shares" WHERE "anonymous");
