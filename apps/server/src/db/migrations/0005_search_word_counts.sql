ALTER TABLE "search_words" ADD COLUMN "products" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- search_words.products: how many active products have each word, so that the number of products
-- containing a term inside one word ('paracet', or the closest word of a misspelt term) is read
-- from one row instead of counted over thousands of products (docs/performance.md). Every change
-- of a product's search text, activity, existence goes through the triggers below, in the same
-- transaction, so the count is exact. Stock updates (orders) touch none of these columns.
CREATE OR REPLACE FUNCTION search_text_words(p_text text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(p_text, '[^[:alnum:]]+') AS w WHERE length(w) >= 3
$$;
--> statement-breakpoint
-- Adds per-word changes of the counts. Rows are written in word order, so two writers touching the
-- same words lock them in the same order and cannot deadlock; a word whose count does not change
-- is only added when new (ON CONFLICT DO NOTHING takes no lock), so it is not locked either.
CREATE OR REPLACE FUNCTION search_words_add(p_words text[], p_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS s (word, products)
  SELECT w, d FROM unnest(p_words, p_deltas) AS u(w, d) WHERE d <> 0 ORDER BY w
  ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products;
  INSERT INTO search_words (word)
  SELECT w FROM unnest(p_words, p_deltas) AS u(w, d) WHERE d = 0 ORDER BY w
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array_agg(w ORDER BY w), array_agg(n ORDER BY w))
  FROM (
    SELECT w, (count(*) FILTER (WHERE new_products.is_active))::int AS n
    FROM new_products, search_text_words(new_products.search_text) AS w
    GROUP BY w
  ) AS counted;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_old_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array_agg(w ORDER BY w), array_agg(-n ORDER BY w))
  FROM (
    SELECT w, count(*)::int AS n
    FROM old_products, search_text_words(old_products.search_text) AS w
    WHERE old_products.is_active
    GROUP BY w
  ) AS counted;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_changed_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array_agg(w ORDER BY w), array_agg(d ORDER BY w))
  FROM (
    SELECT w, sum(d)::int AS d
    FROM (
      SELECT w, -1 AS d FROM search_text_words(OLD.search_text) AS w WHERE OLD.is_active
      UNION ALL
      SELECT w, CASE WHEN NEW.is_active THEN 1 ELSE 0 END FROM search_text_words(NEW.search_text) AS w
    ) AS changes
    GROUP BY w
  ) AS summed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words SET products = 0 WHERE products <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_update_trg ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update_trg
  AFTER UPDATE OF name, salt_composition_id, manufacturer_id, search_text, is_active ON products
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION search_words_from_changed_product();
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete_trg
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_old_products();
--> statement-breakpoint
CREATE TRIGGER products_search_words_truncate_trg
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_reset();
--> statement-breakpoint
-- Products that existed before this migration.
UPDATE search_words SET products = counted.n
FROM (
  SELECT w, count(*)::int AS n FROM products, search_text_words(products.search_text) AS w
  WHERE products.is_active GROUP BY w
) AS counted
WHERE search_words.word = counted.w;
