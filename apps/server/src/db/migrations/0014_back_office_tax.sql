-- Issue 18: products carry their HSN code and GST rate; GST invoices and credit notes with a gap-free series per kind and financial year.
CREATE TABLE "tax_document_counters" (
	"kind" varchar(20) NOT NULL,
	"financial_year" smallint NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "tax_document_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "tax_document_counters_kind_check" CHECK ("tax_document_counters"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_document_counters_last_sequence_check" CHECK ("tax_document_counters"."last_sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"order_id" integer NOT NULL,
	"financial_year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"credit_for_id" integer,
	"total_minor" integer NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_sequence_check" CHECK ("tax_documents"."sequence" > 0),
	CONSTRAINT "tax_documents_total_check" CHECK ("tax_documents"."total_minor" >= 0),
	CONSTRAINT "tax_documents_credit_for_check" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."credit_for_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" varchar(8) DEFAULT '3004' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_credit_for_id_fk" FOREIGN KEY ("credit_for_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_key" ON "tax_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_id_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_credit_for_id_idx" ON "tax_documents" USING btree ("credit_for_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_at_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_check" CHECK ("products"."hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_check" CHECK ("products"."gst_rate" IN (0, 5, 12, 18, 28, 40));