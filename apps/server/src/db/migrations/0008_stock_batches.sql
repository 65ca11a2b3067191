CREATE TABLE "order_line_batches" (
	"order_line_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"units" integer NOT NULL,
	"returned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_line_batches_order_line_id_batch_id_pk" PRIMARY KEY("order_line_id","batch_id"),
	CONSTRAINT "order_line_batches_units_check" CHECK ("order_line_batches"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"batch_number" varchar(40) NOT NULL,
	"expiry_date" date NOT NULL,
	"on_hand" integer NOT NULL,
	"received_units" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchase_price_minor" integer,
	"supplier" varchar(120),
	"invoice_reference" varchar(60),
	"recalled_at" timestamp with time zone,
	"recall_reason" text,
	CONSTRAINT "stock_batches_on_hand_check" CHECK ("stock_batches"."on_hand" >= 0),
	CONSTRAINT "stock_batches_received_units_check" CHECK ("stock_batches"."received_units" >= 0),
	CONSTRAINT "stock_batches_purchase_price_check" CHECK ("stock_batches"."purchase_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"sellable_from" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_horizon_single_row_check" CHECK ("stock_horizon"."id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"units" integer NOT NULL,
	"reason" varchar(30),
	"note" text,
	"order_id" integer,
	"user_id" integer,
	"request_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_units_check" CHECK ("stock_movements"."units" <> 0),
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'sale', 'cancellation_return', 'adjustment', 'expiry_write_off', 'recall'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_level" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line_batches" ADD CONSTRAINT "order_line_batches_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_batches" ADD CONSTRAINT "order_line_batches_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_batches_batch_id_idx" ON "order_line_batches" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_product_batch_number_key" ON "stock_batches" USING btree ("product_id",upper("batch_number"));--> statement-breakpoint
CREATE INDEX "stock_batches_product_expiry_idx" ON "stock_batches" USING btree ("product_id","expiry_date","id");--> statement-breakpoint
CREATE INDEX "stock_batches_expiry_open_idx" ON "stock_batches" USING btree ("expiry_date","id") WHERE "stock_batches"."on_hand" > 0 and "stock_batches"."recalled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_user_request_key" ON "stock_movements" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_at_idx" ON "stock_movements" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_batch_id_idx" ON "stock_movements" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_id_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_movements_user_id_idx" ON "stock_movements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("quantity","id") WHERE "products"."is_active" and "products"."quantity" < "products"."reorder_level";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reorder_level_check" CHECK ("products"."reorder_level" >= 0);--> statement-breakpoint
-- Stock counted before batches were kept becomes one opening batch per product (docs/decisions/
-- 0011): batch number OPENING, expiry 365 days after the day (UTC) this migration ran, units on
-- hand the product's quantity. Lines of orders not cancelled are recorded as sold from it, so a
-- later cancellation returns their units there, and the ledger explains every unit: one receipt of
-- everything the batch ever held, one sale per such line.
INSERT INTO "stock_batches" ("product_id", "batch_number", "expiry_date", "on_hand", "received_units")
SELECT p."id", 'OPENING', (now() AT TIME ZONE 'UTC')::date + 365, p."quantity",
  p."quantity" + coalesce(sold."units", 0)
FROM "products" p
LEFT JOIN (
  SELECT l."product_id", sum(l."quantity")::integer AS "units"
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE o."status_id" <> 8 AND l."product_id" IS NOT NULL
  GROUP BY l."product_id"
) sold ON sold."product_id" = p."id"
WHERE p."quantity" + coalesce(sold."units", 0) > 0;
--> statement-breakpoint
INSERT INTO "order_line_batches" ("order_line_id", "batch_id", "units")
SELECT l."id", b."id", l."quantity"
FROM "order_lines" l
JOIN "orders" o ON o."id" = l."order_id"
JOIN "stock_batches" b ON b."product_id" = l."product_id" AND b."batch_number" = 'OPENING'
WHERE o."status_id" <> 8;
--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "batch_id", "kind", "units", "note")
SELECT b."product_id", b."id", 'receipt', b."received_units",
  'Opening stock: units counted before batches were kept (migration 0008)'
FROM "stock_batches" b
WHERE b."batch_number" = 'OPENING' AND b."received_units" > 0;
--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "batch_id", "kind", "units", "note", "order_id", "user_id")
SELECT b."product_id", b."id", 'sale', -a."units",
  'Sold before batches were kept (migration 0008)', o."id", o."user_id"
FROM "order_line_batches" a
JOIN "stock_batches" b ON b."id" = a."batch_id"
JOIN "order_lines" l ON l."id" = a."order_line_id"
JOIN "orders" o ON o."id" = l."order_id";
