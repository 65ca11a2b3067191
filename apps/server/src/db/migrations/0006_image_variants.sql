ALTER TABLE "divisions" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "divisions" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "divisions" ADD COLUMN "image_variant_widths" integer[];--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "variant_widths" integer[];