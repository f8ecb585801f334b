CREATE TABLE "dolyame_app_configs" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dolyame_widget_configs" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"config_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dolyame_alternative_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"attribute" text NOT NULL,
	"alternative" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"site_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"rating" numeric(3, 2) NOT NULL,
	"review_count" integer NOT NULL,
	"description" text,
	"long_description" text,
	"table_tags" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_site_id_external_id_pk" PRIMARY KEY("site_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "llm_store" (
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "llm_store_site_id_key_pk" PRIMARY KEY("site_id","key")
);
--> statement-breakpoint
ALTER TABLE "dolyame_app_configs" ADD CONSTRAINT "dolyame_app_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dolyame_widget_configs" ADD CONSTRAINT "dolyame_widget_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dolyame_alternative_attributes" ADD CONSTRAINT "dolyame_alternative_attributes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_store" ADD CONSTRAINT "llm_store_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dolyame_alt_attr_site_attribute_idx" ON "dolyame_alternative_attributes" USING btree ("site_id","attribute");--> statement-breakpoint
CREATE INDEX "llm_store_updated_idx" ON "llm_store" USING btree ("site_id","updated_at");
