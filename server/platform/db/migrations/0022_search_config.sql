-- Search configuration: settings per site and key, the settings the live index was
-- built with, facet attributes per category (suggested, applied or disabled) and the autocomplete
-- suggestion index. catalog_products.doc is the configured search document (null: the default
-- generated one); matching uses coalesce(doc, search), indexed below.
CREATE TABLE "search_settings" (
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_settings_site_id_key_pk" PRIMARY KEY("site_id","key")
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"applied" jsonb NOT NULL,
	"import_id" bigint,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facet_attributes" (
	"site_id" integer NOT NULL,
	"category_id" text NOT NULL,
	"attribute" text NOT NULL,
	"state" text DEFAULT 'SUGGESTED' NOT NULL,
	"data_type" text DEFAULT 'DISTINCT' NOT NULL,
	"boolean_view" text DEFAULT 'DEFAULT' NOT NULL,
	"sort" text DEFAULT 'POPULARITY' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"coverage" double precision DEFAULT 0 NOT NULL,
	"parent_coverage" double precision,
	"distinct_values" integer DEFAULT 0 NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"top_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facet_attributes_site_id_category_id_attribute_pk" PRIMARY KEY("site_id","category_id","attribute")
);
--> statement-breakpoint
CREATE TABLE "autocomplete_suggestions" (
	"site_id" integer NOT NULL,
	"text" text NOT NULL,
	"weight" double precision NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "autocomplete_suggestions_site_id_text_pk" PRIMARY KEY("site_id","text")
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "doc" "tsvector";--> statement-breakpoint
ALTER TABLE "search_settings" ADD CONSTRAINT "search_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_index_state" ADD CONSTRAINT "search_index_state_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facet_attributes" ADD CONSTRAINT "facet_attributes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autocomplete_suggestions" ADD CONSTRAINT "autocomplete_suggestions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_products_doc_idx" ON "catalog_products" USING gin ((coalesce("doc", "search")));--> statement-breakpoint
CREATE INDEX "autocomplete_suggestions_prefix_idx" ON "autocomplete_suggestions" USING btree ("site_id","text" text_pattern_ops);
