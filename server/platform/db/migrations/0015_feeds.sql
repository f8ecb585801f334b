-- Feeds and feed configuration: feed URLs per type and region (the site's single
-- feed_url moves here, and stays mirrored for the site edit screen), per-type settings, rules,
-- attributes, parsing configs, imshop regions, per-region prices and availability, facets and
-- content pages.
CREATE TABLE "feed_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"feed_type" text NOT NULL,
	"region_id" text DEFAULT 'global' NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_settings" (
	"site_id" integer NOT NULL,
	"feed_type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "feed_settings_site_id_feed_type_pk" PRIMARY KEY("site_id","feed_type")
);
--> statement-breakpoint
CREATE TABLE "feed_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"entity_id" text NOT NULL,
	"entity_name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_attributes" (
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_attributes_site_id_name_pk" PRIMARY KEY("site_id","name")
);
--> statement-breakpoint
CREATE TABLE "feed_parsing_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"tags" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imshop_regions" (
	"site_id" integer NOT NULL,
	"region_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "imshop_regions_site_id_region_id_pk" PRIMARY KEY("site_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_offer_regions" (
	"import_id" bigint NOT NULL,
	"region_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"price" double precision,
	"old_price" double precision,
	"available" boolean,
	CONSTRAINT "catalog_offer_regions_import_id_region_id_offer_id_pk" PRIMARY KEY("import_id","region_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_product_regions" (
	"import_id" bigint NOT NULL,
	"region_id" text NOT NULL,
	"product_id" text NOT NULL,
	"price" double precision NOT NULL,
	"old_price" double precision,
	"available" boolean NOT NULL,
	CONSTRAINT "catalog_product_regions_import_id_region_id_product_id_pk" PRIMARY KEY("import_id","region_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "feed_stale_offers" (
	"site_id" integer NOT NULL,
	"offer_id" text NOT NULL,
	"missing_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_stale_offers_site_id_offer_id_pk" PRIMARY KEY("site_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_facets" (
	"site_id" integer NOT NULL,
	"batch" text NOT NULL,
	"category_id" text NOT NULL,
	"attribute" text NOT NULL,
	"title" text,
	"position" integer NOT NULL,
	CONSTRAINT "catalog_facets_site_id_batch_category_id_attribute_pk" PRIMARY KEY("site_id","batch","category_id","attribute")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"site_id" integer NOT NULL,
	"batch" text NOT NULL,
	"id" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(body, '')), 'C')) STORED,
	CONSTRAINT "content_pages_site_id_batch_id_pk" PRIMARY KEY("site_id","batch","id")
);
--> statement-breakpoint
CREATE TABLE "feed_delta_rows" (
	"batch" text NOT NULL,
	"line" integer NOT NULL,
	"offer_id" text NOT NULL,
	"region_id" text NOT NULL,
	"price" double precision,
	"available" boolean,
	"params" jsonb,
	CONSTRAINT "feed_delta_rows_batch_line_pk" PRIMARY KEY("batch","line")
);
--> statement-breakpoint
CREATE INDEX "feed_delta_rows_offer_idx" ON "feed_delta_rows" USING btree ("batch","offer_id");
--> statement-breakpoint
ALTER TABLE "feed_urls" ADD CONSTRAINT "feed_urls_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_settings" ADD CONSTRAINT "feed_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_rules" ADD CONSTRAINT "feed_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_attributes" ADD CONSTRAINT "feed_attributes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_parsing_configs" ADD CONSTRAINT "feed_parsing_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imshop_regions" ADD CONSTRAINT "imshop_regions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_regions" ADD CONSTRAINT "catalog_offer_regions_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_regions" ADD CONSTRAINT "catalog_product_regions_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_stale_offers" ADD CONSTRAINT "feed_stale_offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_facets" ADD CONSTRAINT "catalog_facets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_urls_site_type_region_idx" ON "feed_urls" USING btree ("site_id","feed_type","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_rules_site_entity_idx" ON "feed_rules" USING btree ("site_id","entity_name","entity_id","type");--> statement-breakpoint
CREATE INDEX "feed_parsing_configs_site_idx" ON "feed_parsing_configs" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "catalog_offer_regions_product_idx" ON "catalog_offer_regions" USING btree ("import_id","region_id","product_id");--> statement-breakpoint
CREATE INDEX "content_pages_search_idx" ON "content_pages" USING gin ("search");--> statement-breakpoint
-- The site's single feed URL becomes its YML feed URL of the global region.
INSERT INTO "feed_urls" ("site_id", "feed_type", "region_id", "url")
  SELECT "id", 'YML', 'global', "feed_url" FROM "sites" WHERE "feed_url" IS NOT NULL;
--> statement-breakpoint
-- sites.feed_url and the YML global feed URL stay equal whichever is written (the site edit
-- screen writes the first, the feed loader the second); each side writes only when it differs,
-- so the pair never loops.
CREATE FUNCTION vitrina_site_feed_url_to_feed_urls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.feed_url IS NULL THEN
    DELETE FROM feed_urls WHERE site_id = NEW.id AND feed_type = 'YML' AND region_id = 'global';
  ELSE
    INSERT INTO feed_urls (site_id, feed_type, region_id, url)
      VALUES (NEW.id, 'YML', 'global', NEW.feed_url)
      ON CONFLICT (site_id, feed_type, region_id) DO UPDATE
        SET url = excluded.url, updated_at = now()
        WHERE feed_urls.url IS DISTINCT FROM excluded.url;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_feed_url_insert AFTER INSERT ON sites
  FOR EACH ROW WHEN (NEW.feed_url IS NOT NULL) EXECUTE FUNCTION vitrina_site_feed_url_to_feed_urls();
--> statement-breakpoint
CREATE TRIGGER sites_feed_url_update AFTER UPDATE OF feed_url ON sites
  FOR EACH ROW WHEN (OLD.feed_url IS DISTINCT FROM NEW.feed_url)
  EXECUTE FUNCTION vitrina_site_feed_url_to_feed_urls();
--> statement-breakpoint
CREATE FUNCTION vitrina_feed_urls_to_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.feed_type = 'YML' AND OLD.region_id = 'global'
    AND (TG_OP = 'DELETE' OR NEW.feed_type <> 'YML' OR NEW.region_id <> 'global') THEN
    UPDATE sites SET feed_url = NULL WHERE id = OLD.site_id AND feed_url IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.feed_type = 'YML' AND NEW.region_id = 'global' THEN
    UPDATE sites SET feed_url = NEW.url WHERE id = NEW.site_id AND feed_url IS DISTINCT FROM NEW.url;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feed_urls_to_site AFTER INSERT OR UPDATE OR DELETE ON feed_urls
  FOR EACH ROW EXECUTE FUNCTION vitrina_feed_urls_to_site();
