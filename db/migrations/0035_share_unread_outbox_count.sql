ALTER TABLE "facilitator_shares" ADD COLUMN "keeper_wrote_at" timestamp with time zone;--> statement-breakpoint
-- When the keepers last wrote: their newest message, or the reply from before conversations.
UPDATE "facilitator_shares" s SET "keeper_wrote_at" = greatest(s."replied_at", (
  SELECT max(m."created_at") FROM "share_messages" m WHERE m."share_id" = s."id" AND m."from_keeper"
));--> statement-breakpoint
-- Kept by the database on every keeper's message, whoever writes it (an instance of the previous
-- version during a rolling restart, a restore), so the column never falls behind the messages.
CREATE FUNCTION "share_messages_keeper_wrote"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."from_keeper" THEN
    UPDATE "facilitator_shares" SET "keeper_wrote_at" = greatest("keeper_wrote_at", NEW."created_at")
      WHERE "id" = NEW."share_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "share_messages_keeper_wrote" AFTER INSERT ON "share_messages"
  FOR EACH ROW EXECUTE FUNCTION "share_messages_keeper_wrote"();--> statement-breakpoint
CREATE INDEX "mail_outbox_unsettled_idx" ON "mail_outbox" USING btree ("status") WHERE "mail_outbox"."status" in ('pending', 'sending', 'failed');
