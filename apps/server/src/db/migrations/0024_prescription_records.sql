CREATE TABLE "interaction_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pair_key" varchar(200) NOT NULL,
	"severity" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"pharmacist_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"relation" varchar(20) DEFAULT 'self' NOT NULL,
	"date_of_birth" date,
	"age_years" smallint,
	"sex" varchar(10) NOT NULL,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "patients_sex_check" CHECK ("patients"."sex" in ('female', 'male', 'other')),
	CONSTRAINT "patients_relation_check" CHECK ("patients"."relation" in ('self', 'spouse', 'child', 'parent', 'sibling', 'other')),
	CONSTRAINT "patients_age_check" CHECK ("patients"."age_years" is null or "patients"."age_years" between 0 and 130),
	CONSTRAINT "patients_born_or_aged_check" CHECK ("patients"."date_of_birth" is not null or "patients"."age_years" is not null)
);
--> statement-breakpoint
CREATE TABLE "prescription_record_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"salt_composition_id" integer,
	"product_id" integer,
	"medicine_name" varchar(200) NOT NULL,
	"strength" varchar(100),
	"dose" varchar(60) NOT NULL,
	"frequency" varchar(60) NOT NULL,
	"duration_days" smallint NOT NULL,
	"quantity_allowed" integer NOT NULL,
	"units_dispensed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prescription_record_lines_duration_check" CHECK ("prescription_record_lines"."duration_days" between 1 and 3650),
	CONSTRAINT "prescription_record_lines_units_check" CHECK ("prescription_record_lines"."quantity_allowed" > 0 AND "prescription_record_lines"."units_dispensed" >= 0 AND "prescription_record_lines"."units_dispensed" <= "prescription_record_lines"."quantity_allowed")
);
--> statement-breakpoint
CREATE TABLE "prescription_record_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "prescription_record_uses_units_check" CHECK ("prescription_record_uses"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "prescription_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"patient_id" integer,
	"patient_name" varchar(120) NOT NULL,
	"order_id" integer,
	"prescriber_name" varchar(120) NOT NULL,
	"prescriber_qualification" varchar(120) NOT NULL,
	"prescriber_registration_number" varchar(40) NOT NULL,
	"prescriber_council" varchar(120) NOT NULL,
	"issued_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"schedule_h1" boolean DEFAULT false NOT NULL,
	"approved_by_user_id" integer,
	"approved_by_name" varchar(120) NOT NULL,
	"approved_by_registration_number" varchar(40) NOT NULL,
	"retain_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_records_validity_check" CHECK ("prescription_records"."valid_until" >= "prescription_records"."issued_on")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "patient_id" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "record_id" integer;--> statement-breakpoint
ALTER TABLE "interaction_overrides" ADD CONSTRAINT "interaction_overrides_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_overrides" ADD CONSTRAINT "interaction_overrides_pharmacist_id_users_id_fk" FOREIGN KEY ("pharmacist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_record_lines" ADD CONSTRAINT "prescription_record_lines_record_id_prescription_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."prescription_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_record_lines" ADD CONSTRAINT "prescription_record_lines_salt_composition_id_salt_compositions_id_fk" FOREIGN KEY ("salt_composition_id") REFERENCES "public"."salt_compositions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_record_lines" ADD CONSTRAINT "prescription_record_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_record_uses" ADD CONSTRAINT "prescription_record_uses_record_line_id_prescription_record_lines_id_fk" FOREIGN KEY ("record_line_id") REFERENCES "public"."prescription_record_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_record_uses" ADD CONSTRAINT "prescription_record_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_record_uses" ADD CONSTRAINT "prescription_record_uses_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_records" ADD CONSTRAINT "prescription_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_records" ADD CONSTRAINT "prescription_records_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_records" ADD CONSTRAINT "prescription_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_records" ADD CONSTRAINT "prescription_records_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interaction_overrides_order_id_idx" ON "interaction_overrides" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "patients_user_id_idx" ON "patients" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "prescription_record_lines_record_id_idx" ON "prescription_record_lines" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "prescription_record_uses_order_id_idx" ON "prescription_record_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "prescription_record_uses_record_line_id_idx" ON "prescription_record_uses" USING btree ("record_line_id");--> statement-breakpoint
CREATE INDEX "prescription_records_user_id_idx" ON "prescription_records" USING btree ("user_id","valid_until");--> statement-breakpoint
CREATE INDEX "prescription_records_patient_id_idx" ON "prescription_records" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "prescription_records_order_id_idx" ON "prescription_records" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_record_id_prescription_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."prescription_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_patient_id_idx" ON "orders" USING btree ("patient_id");