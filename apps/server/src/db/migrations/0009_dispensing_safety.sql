CREATE TABLE "drug_schedules" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"requires_prescription" boolean NOT NULL,
	"online_sale" boolean DEFAULT true NOT NULL,
	"keeps_register" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- India's Drugs and Cosmetics Rules as the default market (docs/decisions/0012). Another market
-- edits these rows; products follow through the triggers below.
INSERT INTO "drug_schedules" ("code", "name", "requires_prescription", "online_sale", "keeps_register", "sort_order") VALUES
	('OTC', 'Over the counter', false, true, false, 0),
	('H', 'Schedule H', true, true, false, 10),
	('H1', 'Schedule H1', true, true, true, 20),
	('X', 'Schedule X', true, false, true, 30);
--> statement-breakpoint
CREATE TABLE "schedule_register" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_code" varchar(10) NOT NULL,
	"dispatched_at" timestamp with time zone NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"patient_name" varchar(120) NOT NULL,
	"prescriber_name" varchar(120) NOT NULL,
	"prescriber_registration_number" varchar(40) NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" varchar(200) NOT NULL,
	"batch_id" integer,
	"batch_number" varchar(40),
	"units" integer NOT NULL,
	"pharmacist_user_id" integer,
	"pharmacist_name" varchar(120) NOT NULL,
	"pharmacist_registration_number" varchar(40) NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pharmacist_registration_number" varchar(40);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "schedule_code" varchar(10) DEFAULT 'OTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_units_per_order" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "reviewer_name" varchar(120);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "reviewer_registration_number" varchar(40);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "prescriber_name" varchar(120);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "prescriber_registration_number" varchar(40);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "patient_name" varchar(120);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "retain_until" timestamp with time zone DEFAULT now() + interval '3 years' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_register" ADD CONSTRAINT "schedule_register_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_register" ADD CONSTRAINT "schedule_register_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_register" ADD CONSTRAINT "schedule_register_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_register" ADD CONSTRAINT "schedule_register_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_register" ADD CONSTRAINT "schedule_register_pharmacist_user_id_users_id_fk" FOREIGN KEY ("pharmacist_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_register_line_batch_key" ON "schedule_register" USING btree ("order_line_id",coalesce("batch_id", 0));--> statement-breakpoint
CREATE INDEX "schedule_register_dispatched_at_idx" ON "schedule_register" USING btree ("schedule_code","dispatched_at","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_schedule_code_drug_schedules_code_fk" FOREIGN KEY ("schedule_code") REFERENCES "public"."drug_schedules"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_units_per_order_check" CHECK ("products"."max_units_per_order" IS NULL OR "products"."max_units_per_order" > 0);--> statement-breakpoint
-- Existing prescription products become Schedule H, the schedule the prescription flag meant.
UPDATE "products" SET "schedule_code" = 'H' WHERE "prescription";
--> statement-breakpoint
-- The prescription flag follows the schedule. A write that gives only the flag (the spec's
-- product form) moves the product to the first schedule, by sort order, that agrees with it.
CREATE FUNCTION "products_follow_schedule"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	needs boolean;
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.schedule_code = OLD.schedule_code AND NEW.prescription IS DISTINCT FROM OLD.prescription THEN
		SELECT requires_prescription INTO needs FROM drug_schedules WHERE code = NEW.schedule_code;
		IF needs IS DISTINCT FROM NEW.prescription THEN
			NEW.schedule_code := (SELECT code FROM drug_schedules
				WHERE requires_prescription = NEW.prescription AND online_sale
				ORDER BY sort_order, code LIMIT 1);
		END IF;
	ELSIF TG_OP = 'INSERT' AND NEW.prescription THEN
		SELECT requires_prescription INTO needs FROM drug_schedules WHERE code = NEW.schedule_code;
		IF NOT needs THEN
			NEW.schedule_code := (SELECT code FROM drug_schedules
				WHERE requires_prescription AND online_sale
				ORDER BY sort_order, code LIMIT 1);
		END IF;
	END IF;
	SELECT requires_prescription INTO needs FROM drug_schedules WHERE code = NEW.schedule_code;
	NEW.prescription := coalesce(needs, NEW.prescription);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_follow_schedule" BEFORE INSERT OR UPDATE OF "schedule_code", "prescription" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "products_follow_schedule"();
--> statement-breakpoint
CREATE FUNCTION "drug_schedules_update_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE products SET prescription = NEW.requires_prescription
		WHERE schedule_code = NEW.code AND prescription IS DISTINCT FROM NEW.requires_prescription;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "drug_schedules_update_products" AFTER UPDATE OF "requires_prescription" ON "drug_schedules"
	FOR EACH ROW EXECUTE FUNCTION "drug_schedules_update_products"();
--> statement-breakpoint
-- Records the law says to keep (RECORD_RETENTION_YEARS): no delete before their retain_until.
CREATE FUNCTION "refuse_early_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	keep_until timestamptz;
BEGIN
	IF TG_TABLE_NAME = 'prescription_files' THEN
		SELECT retain_until INTO keep_until FROM prescriptions WHERE id = OLD.prescription_id;
	ELSE
		keep_until := OLD.retain_until;
	END IF;
	IF keep_until IS NOT NULL AND keep_until > now() THEN
		RAISE EXCEPTION '% row % must be kept until %', TG_TABLE_NAME, OLD.id, keep_until
			USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "prescriptions_retention" BEFORE DELETE ON "prescriptions"
	FOR EACH ROW EXECUTE FUNCTION "refuse_early_delete"();
--> statement-breakpoint
CREATE TRIGGER "prescription_files_retention" BEFORE DELETE ON "prescription_files"
	FOR EACH ROW EXECUTE FUNCTION "refuse_early_delete"();
--> statement-breakpoint
CREATE TRIGGER "schedule_register_retention" BEFORE DELETE ON "schedule_register"
	FOR EACH ROW EXECUTE FUNCTION "refuse_early_delete"();
--> statement-breakpoint
CREATE FUNCTION "refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% rows cannot be changed', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "schedule_register_no_update" BEFORE UPDATE ON "schedule_register"
	FOR EACH ROW EXECUTE FUNCTION "refuse_update"();
