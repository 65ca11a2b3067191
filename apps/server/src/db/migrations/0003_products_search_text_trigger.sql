-- products.search_text = lower(name + salt composition + manufacturer), for trigram search.
-- Kept by triggers: on the product itself, and when a salt composition or manufacturer is renamed.
CREATE OR REPLACE FUNCTION products_search_text(p_name text, p_salt_composition_id integer, p_manufacturer_id integer)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ',
    p_name,
    (SELECT s.name FROM salt_compositions s WHERE s.id = p_salt_composition_id),
    (SELECT m.name FROM manufacturers m WHERE m.id = p_manufacturer_id)))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := products_search_text(NEW.name, NEW.salt_composition_id, NEW.manufacturer_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_text_trg
  BEFORE INSERT OR UPDATE OF name, salt_composition_id, manufacturer_id, search_text ON products
  FOR EACH ROW EXECUTE FUNCTION products_set_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION salt_compositions_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = '' WHERE salt_composition_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salt_compositions_search_text_trg
  AFTER UPDATE OF name ON salt_compositions
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION salt_compositions_refresh_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manufacturers_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = '' WHERE manufacturer_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER manufacturers_search_text_trg
  AFTER UPDATE OF name ON manufacturers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION manufacturers_refresh_search_text();
--> statement-breakpoint
-- Rows that existed before this migration.
UPDATE products SET search_text = '';
