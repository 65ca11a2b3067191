-- Issue 17 part 4: refill reminders, one per customer and product; reminded_for_due_on makes each due date mailed once.
CREATE TABLE "refill_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"interval_days" integer NOT NULL,
	"next_due_on" date NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"source_order_id" integer,
	"reminded_for_due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_reminders_interval_days_check" CHECK ("refill_reminders"."interval_days" BETWEEN 7 AND 180),
	CONSTRAINT "refill_reminders_quantity_check" CHECK ("refill_reminders"."quantity" BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "refill_reminders" ADD CONSTRAINT "refill_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_reminders" ADD CONSTRAINT "refill_reminders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_reminders" ADD CONSTRAINT "refill_reminders_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refill_reminders_user_product_key" ON "refill_reminders" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "refill_reminders_due_idx" ON "refill_reminders" USING btree ("next_due_on") WHERE "refill_reminders"."paused" = false;--> statement-breakpoint
CREATE INDEX "refill_reminders_product_id_idx" ON "refill_reminders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "refill_reminders_source_order_id_idx" ON "refill_reminders" USING btree ("source_order_id");