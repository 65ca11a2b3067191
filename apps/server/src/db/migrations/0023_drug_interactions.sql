CREATE TABLE "drug_interactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ingredient_a" varchar(120) NOT NULL,
	"ingredient_b" varchar(120) NOT NULL,
	"pair_key" varchar(250) NOT NULL,
	"severity" varchar(10) NOT NULL,
	"effect" text NOT NULL,
	"advice" text NOT NULL,
	"source" varchar(300),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "drug_interactions_severity_check" CHECK ("drug_interactions"."severity" in ('major', 'moderate', 'minor'))
);
--> statement-breakpoint
ALTER TABLE "drug_interactions" ADD CONSTRAINT "drug_interactions_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drug_interactions_pair_key" ON "drug_interactions" USING btree ("pair_key");--> statement-breakpoint
CREATE INDEX "drug_interactions_severity_idx" ON "drug_interactions" USING btree ("severity","pair_key");