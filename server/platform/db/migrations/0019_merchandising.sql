CREATE TABLE "merch_boost_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"boost_type" text NOT NULL,
	"queries" text[] DEFAULT '{}' NOT NULL,
	"query_keys" text[] DEFAULT '{}' NOT NULL,
	"full_match" boolean DEFAULT false NOT NULL,
	"weight" real DEFAULT 1 NOT NULL,
	"socket" integer,
	"multiplier" real DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"ranking" boolean DEFAULT true NOT NULL,
	"autocomplete" boolean DEFAULT false NOT NULL,
	"attribute" text,
	"items" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merch_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text,
	"query" text NOT NULL,
	"query_key" text NOT NULL,
	"url" text NOT NULL,
	"mobile_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merch_recs_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"boost_type" text NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	"region_ids" text[] DEFAULT '{}' NOT NULL,
	"product_ids" text[] DEFAULT '{}' NOT NULL,
	"category_ids" text[] DEFAULT '{}' NOT NULL,
	"placements" text[] DEFAULT '{}' NOT NULL,
	"strategies" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_model_entries" (
	"model_id" integer NOT NULL,
	"query" text NOT NULL,
	"query_key" text NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "custom_model_entries_model_id_query_key_product_id_pk" PRIMARY KEY("model_id","query_key","product_id")
);
--> statement-breakpoint
ALTER TABLE "merch_boost_rules" ADD CONSTRAINT "merch_boost_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_redirects" ADD CONSTRAINT "merch_redirects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_recs_rules" ADD CONSTRAINT "merch_recs_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_models" ADD CONSTRAINT "custom_models_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_entries" ADD CONSTRAINT "custom_model_entries_model_id_custom_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."custom_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merch_boost_rules_site_idx" ON "merch_boost_rules" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "merch_boost_rules_keys_idx" ON "merch_boost_rules" USING gin ("query_keys");--> statement-breakpoint
CREATE UNIQUE INDEX "merch_redirects_site_query_idx" ON "merch_redirects" USING btree ("site_id","query_key");--> statement-breakpoint
CREATE INDEX "merch_recs_rules_site_idx" ON "merch_recs_rules" USING btree ("site_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_models_site_name_idx" ON "custom_models" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "custom_model_entries_key_idx" ON "custom_model_entries" USING btree ("query_key");
