-- A database that raced before this rule may hold two orders for one payment: keep the first.
DELETE FROM "test_provider_orders" AS later USING "test_provider_orders" AS first
 WHERE later."payment_id" = first."payment_id"
   AND (later."created_at", later."id") > (first."created_at", first."id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_orders_payment_idx" ON "test_provider_orders" USING btree ("payment_id");