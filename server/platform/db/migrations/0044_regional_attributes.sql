-- Regional attributes (search setting regionalAttributes): an offer's and a product's values of
-- them in a region, and a delta row's, kept apart from the global params.
ALTER TABLE "catalog_offer_regions" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "catalog_product_regions" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "feed_delta_rows" ADD COLUMN "region_params" jsonb;