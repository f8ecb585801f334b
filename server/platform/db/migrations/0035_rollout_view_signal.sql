CREATE TABLE "bundle_error_views" (
	"site_id" integer NOT NULL,
	"view" text NOT NULL,
	"bundle" text NOT NULL,
	"network" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "bundle_error_views_pk" PRIMARY KEY("site_id","view")
);
--> statement-breakpoint
CREATE TABLE "bundle_views" (
	"site_id" integer NOT NULL,
	"bundle" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_views_pk" PRIMARY KEY("site_id","bundle","minute")
);
--> statement-breakpoint
ALTER TABLE "rollout_settings" ADD COLUMN "max_error_rate_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "rollout_settings" ADD COLUMN "min_views" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "rollout_settings" ADD COLUMN "min_error_sources" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_error_views" ADD CONSTRAINT "bundle_error_views_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_views" ADD CONSTRAINT "bundle_views_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_error_views_bundle_idx" ON "bundle_error_views" USING btree ("site_id","bundle","at");