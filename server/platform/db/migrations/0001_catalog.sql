CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"import_id" bigint NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"url" text,
	"path_ids" text[] NOT NULL,
	"path_names" text[] NOT NULL,
	CONSTRAINT "catalog_categories_import_id_id_pk" PRIMARY KEY("import_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"job_id" uuid,
	"state" text DEFAULT 'staging' NOT NULL,
	"shop" jsonb,
	"currencies" jsonb,
	"offers" integer DEFAULT 0 NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_offers" (
	"import_id" bigint NOT NULL,
	"id" text NOT NULL,
	"group_id" text,
	"product_id" text NOT NULL,
	"available" boolean NOT NULL,
	"url" text NOT NULL,
	"price" double precision NOT NULL,
	"old_price" double precision,
	"currency_id" text NOT NULL,
	"category_id" text NOT NULL,
	"pictures" text[] NOT NULL,
	"name" text NOT NULL,
	"vendor" text,
	"vendor_code" text,
	"description" text,
	"params" jsonb NOT NULL,
	"popularity" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_offers_import_id_id_pk" PRIMARY KEY("import_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"import_id" bigint NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"vendor" text,
	"vendor_code" text,
	"description" text,
	"price" double precision NOT NULL,
	"old_price" double precision,
	"currency_id" text NOT NULL,
	"available" boolean NOT NULL,
	"pictures" text[] NOT NULL,
	"category_id" text NOT NULL,
	"category_path" text[] NOT NULL,
	"category_names" text NOT NULL,
	"params" jsonb NOT NULL,
	"params_text" text NOT NULL,
	"popularity" double precision DEFAULT 0 NOT NULL,
	"sku_count" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(vendor, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(category_names, '')), 'C') || setweight(to_tsvector('russian'::regconfig, coalesce(params_text, '')), 'D')) STORED,
	CONSTRAINT "catalog_products_import_id_id_pk" PRIMARY KEY("import_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_words" (
	"import_id" bigint NOT NULL,
	"word" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalog_words_import_id_word_pk" PRIMARY KEY("import_id","word")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"import_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text NOT NULL,
	"widget_type" text NOT NULL,
	"view_guid" text NOT NULL,
	"session_id" text NOT NULL,
	"user_guid" text NOT NULL,
	"strategy" text NOT NULL,
	"product_id" text,
	"position" integer,
	"page_number" integer NOT NULL,
	"page_products" text[] NOT NULL,
	"mvt_groups" text[] NOT NULL,
	"referer" text NOT NULL,
	"location" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_words" ADD CONSTRAINT "catalog_words_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_events" ADD CONSTRAINT "widget_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_site_idx" ON "catalog_imports" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "catalog_imports_job_idx" ON "catalog_imports" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_product_idx" ON "catalog_offers" USING btree ("import_id","product_id");--> statement-breakpoint
CREATE INDEX "catalog_products_search_idx" ON "catalog_products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "catalog_products_name_trgm_idx" ON "catalog_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_params_idx" ON "catalog_products" USING gin ("params" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_category_idx" ON "catalog_products" USING gin ("category_path");--> statement-breakpoint
CREATE INDEX "catalog_products_popularity_idx" ON "catalog_products" USING btree ("import_id","popularity");--> statement-breakpoint
CREATE INDEX "catalog_products_price_idx" ON "catalog_products" USING btree ("import_id","price");--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "widget_events_site_idx" ON "widget_events" USING btree ("site_id","at");