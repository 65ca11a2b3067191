-- The admin's low-stock and near-expiry lists read every sort in index order (docs/performance.md).
-- The near-expiry list is of batches but sorts by product name, so each batch carries
-- lower(products.name) in product_sort_name, kept by triggers: on the batch itself, and when the
-- product is renamed.
ALTER TABLE "stock_batches" ADD COLUMN "product_sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_batches_set_product_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- '' for a product that does not exist: the foreign key refuses the row afterwards.
  NEW.product_sort_name := coalesce((SELECT lower(p.name) FROM products p WHERE p.id = NEW.product_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_batches_product_sort_name_trg
  BEFORE INSERT OR UPDATE OF product_id, product_sort_name ON stock_batches
  FOR EACH ROW EXECUTE FUNCTION stock_batches_set_product_sort_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_refresh_batch_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_batches SET product_sort_name = '' WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_batch_sort_name_trg
  AFTER UPDATE OF name ON products
  FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name))
  EXECUTE FUNCTION products_refresh_batch_sort_name();
--> statement-breakpoint
-- Batches that existed before this migration.
UPDATE stock_batches SET product_sort_name = '';--> statement-breakpoint
CREATE INDEX "products_low_stock_name_idx" ON "products" USING btree (lower("name"),"id","name") WHERE "products"."is_active" and "products"."quantity" < "products"."reorder_level";--> statement-breakpoint
CREATE INDEX "products_low_stock_shortfall_idx" ON "products" USING btree (("reorder_level" - "quantity"),"id","quantity","reorder_level") WHERE "products"."is_active" and "products"."quantity" < "products"."reorder_level";--> statement-breakpoint
CREATE INDEX "stock_batches_open_name_idx" ON "stock_batches" USING btree ("product_sort_name","id","expiry_date") WHERE "stock_batches"."on_hand" > 0 and "stock_batches"."recalled_at" is null;--> statement-breakpoint
CREATE INDEX "stock_batches_open_units_idx" ON "stock_batches" USING btree ("on_hand","id","expiry_date") WHERE "stock_batches"."on_hand" > 0 and "stock_batches"."recalled_at" is null;
