CREATE TABLE "medicine_monographs" (
	"id" serial PRIMARY KEY NOT NULL,
	"salt_composition_id" integer NOT NULL,
	"summary" text NOT NULL,
	"uses" text[] NOT NULL,
	"how_it_works" text NOT NULL,
	"side_effects_common" text[] NOT NULL,
	"side_effects_serious" text[] NOT NULL,
	"safety" jsonb NOT NULL,
	"how_to_take" text NOT NULL,
	"missed_dose" text NOT NULL,
	"storage" text NOT NULL,
	"interactions" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"reviewer_name" varchar(120),
	"reviewer_registration_number" varchar(60),
	"reviewed_by_user_id" integer,
	CONSTRAINT "medicine_monographs_review_check" CHECK (("medicine_monographs"."reviewed_at" is null) = ("medicine_monographs"."reviewer_name" is null) and ("medicine_monographs"."reviewed_at" is null) = ("medicine_monographs"."reviewer_registration_number" is null)),
	CONSTRAINT "medicine_monographs_safety_check" CHECK (jsonb_typeof("medicine_monographs"."safety") = 'object'),
	CONSTRAINT "medicine_monographs_interactions_check" CHECK (jsonb_typeof("medicine_monographs"."interactions") = 'array')
);
--> statement-breakpoint
ALTER TABLE "salt_compositions" ADD COLUMN "slug" varchar(220) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicine_monographs" ADD CONSTRAINT "medicine_monographs_salt_composition_id_salt_compositions_id_fk" FOREIGN KEY ("salt_composition_id") REFERENCES "public"."salt_compositions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_monographs" ADD CONSTRAINT "medicine_monographs_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_monographs" ADD CONSTRAINT "medicine_monographs_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_monographs_one_draft_key" ON "medicine_monographs" USING btree ("salt_composition_id") WHERE "medicine_monographs"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "medicine_monographs_published_idx" ON "medicine_monographs" USING btree ("salt_composition_id","reviewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "medicine_monographs"."reviewed_at" is not null;--> statement-breakpoint
-- Issue 30: each salt composition's medicine page lives at /medicine/{slug}. The slug is made from
-- the name ("Paracetamol (650mg)" -> paracetamol-650mg), with -2, -3 ... when another salt has it
-- already, once: a rename keeps it, so links and search results stay valid.
CREATE OR REPLACE FUNCTION salt_composition_free_slug(p_name text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  base text := coalesce(
    nullif(trim(both '-' from left(regexp_replace(lower(p_name), '[^a-z0-9]+', '-', 'g'), 200)), ''),
    'salt');
  candidate text := base;
  n integer := 2;
BEGIN
  WHILE EXISTS (SELECT 1 FROM salt_compositions WHERE slug = candidate) LOOP
    candidate := base || '-' || n;
    n := n + 1;
  END LOOP;
  RETURN candidate;
END
$$;
--> statement-breakpoint
-- Existing salts, oldest first, so the first of two similar names keeps the plain slug.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name FROM salt_compositions ORDER BY id LOOP
    UPDATE salt_compositions SET slug = salt_composition_free_slug(r.name) WHERE id = r.id;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "salt_compositions_slug_key" ON "salt_compositions" USING btree ("slug");--> statement-breakpoint
-- Every way a salt is created (the dashboard, the catalogue CSV import, the seeds) gets its slug
-- here; rows earlier in the same INSERT are visible to this BEFORE trigger, so an import of two
-- similar names de-duplicates them too.
CREATE OR REPLACE FUNCTION salt_compositions_set_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := salt_composition_free_slug(NEW.name);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salt_compositions_slug_trg
  BEFORE INSERT ON salt_compositions
  FOR EACH ROW EXECUTE FUNCTION salt_compositions_set_slug();
