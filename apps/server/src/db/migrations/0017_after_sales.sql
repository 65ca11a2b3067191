CREATE TABLE "order_cancellations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"cancelled_by_user_id" integer,
	"cancelled_by" varchar(16) NOT NULL,
	"reason_code" varchar(40) NOT NULL,
	"reason_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_cancellations_by_check" CHECK ("order_cancellations"."cancelled_by" IN ('customer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"return_request_id" integer,
	"reason" varchar(16) NOT NULL,
	"method" varchar(16) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"provider_refund_id" varchar(255),
	"payout_channel" varchar(16),
	"payout_reference" varchar(100),
	"last_error" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_minor" > 0),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" IN ('cancellation', 'return', 'damage')),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" IN ('card', 'payout')),
	CONSTRAINT "refunds_provider_check" CHECK ("refunds"."provider" IN ('stripe', 'test', 'none')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_payout_check" CHECK (("refunds"."method" = 'payout') = ("refunds"."payout_reference" IS NOT NULL AND "refunds"."payout_channel" IN ('upi', 'bank_transfer')))
);
--> statement-breakpoint
CREATE TABLE "return_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_request_id" integer NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"by_user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_request_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"units" integer NOT NULL,
	"resaleable_units" integer,
	CONSTRAINT "return_request_lines_units_check" CHECK ("return_request_lines"."units" > 0),
	CONSTRAINT "return_request_lines_resaleable_check" CHECK ("return_request_lines"."resaleable_units" IS NULL OR ("return_request_lines"."resaleable_units" >= 0 AND "return_request_lines"."resaleable_units" <= "return_request_lines"."units"))
);
--> statement-breakpoint
CREATE TABLE "return_request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_request_id" integer NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_request_photos_storage_key_key" UNIQUE("storage_key"),
	CONSTRAINT "return_request_photos_size_check" CHECK ("return_request_photos"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'requested' NOT NULL,
	"reason_code" varchar(40) NOT NULL,
	"reason_text" text,
	"rejection_reason" text,
	"resolution" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_kind_check" CHECK ("return_requests"."kind" IN ('return', 'damage')),
	CONSTRAINT "return_requests_status_check" CHECK ("return_requests"."status" IN ('requested', 'approved', 'rejected', 'received', 'refunded', 'replaced')),
	CONSTRAINT "return_requests_resolution_check" CHECK ("return_requests"."resolution" IS NULL OR "return_requests"."resolution" IN ('refund', 'replacement'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"reverses" varchar(16),
	"points" integer NOT NULL,
	"order_id" integer,
	"expires_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_ledger_kind_check" CHECK ("loyalty_ledger"."kind" IN ('earned', 'redeemed', 'reversed', 'expired')),
	CONSTRAINT "loyalty_ledger_points_check" CHECK ("loyalty_ledger"."points" <> 0),
	CONSTRAINT "loyalty_ledger_sign_check" CHECK (("loyalty_ledger"."kind" = 'earned' AND "loyalty_ledger"."points" > 0 AND "loyalty_ledger"."expires_at" IS NOT NULL)
        OR ("loyalty_ledger"."kind" IN ('redeemed', 'expired') AND "loyalty_ledger"."points" < 0)
        OR ("loyalty_ledger"."kind" = 'reversed' AND "loyalty_ledger"."reverses" IN ('earned', 'redeemed')))
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_discount_check" CHECK ("coupon_redemptions"."discount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"description" text,
	"kind" varchar(16) NOT NULL,
	"percent_off" integer,
	"amount_off_minor" integer,
	"max_discount_minor" integer,
	"min_order_minor" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"division_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_prescription" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" IN ('percent', 'fixed')),
	CONSTRAINT "coupons_amount_check" CHECK (("coupons"."kind" = 'percent' AND "coupons"."percent_off" BETWEEN 1 AND 100 AND "coupons"."amount_off_minor" IS NULL)
        OR ("coupons"."kind" = 'fixed' AND "coupons"."amount_off_minor" > 0 AND "coupons"."percent_off" IS NULL)),
	CONSTRAINT "coupons_min_order_check" CHECK ("coupons"."min_order_minor" >= 0),
	CONSTRAINT "coupons_max_discount_check" CHECK ("coupons"."max_discount_minor" IS NULL OR "coupons"."max_discount_minor" > 0),
	CONSTRAINT "coupons_window_check" CHECK ("coupons"."ends_at" IS NULL OR "coupons"."ends_at" > "coupons"."starts_at"),
	CONSTRAINT "coupons_usage_limit_check" CHECK ("coupons"."usage_limit" IS NULL OR "coupons"."usage_limit" > 0),
	CONSTRAINT "coupons_per_customer_limit_check" CHECK ("coupons"."per_customer_limit" IS NULL OR "coupons"."per_customer_limit" > 0),
	CONSTRAINT "coupons_times_used_check" CHECK ("coupons"."times_used" >= 0 AND ("coupons"."usage_limit" IS NULL OR "coupons"."times_used" <= "coupons"."usage_limit"))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_redeemed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_events" ADD CONSTRAINT "return_request_events_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_events" ADD CONSTRAINT "return_request_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_photos" ADD CONSTRAINT "return_request_photos_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "return_request_events_request_id_idx" ON "return_request_events" USING btree ("return_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_request_lines_request_line_key" ON "return_request_lines" USING btree ("return_request_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_request_lines_order_line_id_idx" ON "return_request_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "return_request_photos_request_id_idx" ON "return_request_photos" USING btree ("return_request_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_id_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_user_id_idx" ON "return_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_created_at_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_order_earned_key" ON "loyalty_ledger" USING btree ("order_id") WHERE "loyalty_ledger"."kind" = 'earned';--> statement-breakpoint
CREATE INDEX "loyalty_ledger_user_created_at_idx" ON "loyalty_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_order_id_idx" ON "loyalty_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_expires_at_idx" ON "loyalty_ledger" USING btree ("expires_at") WHERE "loyalty_ledger"."kind" = 'earned';--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_active_key" ON "coupon_redemptions" USING btree ("order_id") WHERE "coupon_redemptions"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount_minor" >= 0 AND "order_lines"."discount_minor" <= "order_lines"."unit_price_minor" * "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discounts_check" CHECK ("orders"."coupon_discount_minor" >= 0 AND "orders"."points_discount_minor" >= 0 AND "orders"."points_redeemed" >= 0);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'sale', 'cancellation_return', 'adjustment', 'expiry_write_off', 'recall', 'customer_return', 'return_write_off'));