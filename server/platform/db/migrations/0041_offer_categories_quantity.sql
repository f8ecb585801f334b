ALTER TABLE "catalog_offers" ADD COLUMN "category_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "quantity" double precision;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "category_ids" text[] DEFAULT '{}'::text[] NOT NULL;