CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" USING btree (lower("name") COLLATE "C","is_active");--> statement-breakpoint
-- search_words: the vocabulary of products.search_text, for typo-tolerant search. New products add
-- their words in one statement per INSERT (a transition table, so bulk loads stay fast); a product
-- whose search text changes (renamed, or its salt or manufacturer renamed) adds its new words.
-- Stock updates touch none of these columns, so orders never run this. Words no longer used stay:
-- they find no product, which is harmless.
CREATE OR REPLACE FUNCTION search_words_from_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_products, regexp_split_to_table(new_products.search_text, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert_trg
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_new_products();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_changed_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update_trg
  AFTER UPDATE OF name, salt_composition_id, manufacturer_id, search_text ON products
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION search_words_from_changed_product();
--> statement-breakpoint
-- Products that existed before this migration.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, regexp_split_to_table(products.search_text, '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
