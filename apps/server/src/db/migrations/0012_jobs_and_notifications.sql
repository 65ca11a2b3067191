-- Issue 17: a fulfilled back-in-stock request stays as history, so only a waiting one is unique
-- (asking again later works); customers may turn off the order-progress mails.
DROP INDEX "stock_notifications_user_product_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_progress_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_waiting_key" ON "stock_notifications" USING btree ("user_id","product_id") WHERE "stock_notifications"."notified_at" is null;