-- Recommendations' learning: the XGBVECTORS ranking models, the widget CTR rollup, and the
-- product-click counters of the daily rollup.
CREATE TABLE "ranking_models" (
	"site_id" integer NOT NULL,
	"version" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"quality" jsonb NOT NULL,
	"queries" integer NOT NULL,
	"groups" integer NOT NULL,
	"job_id" uuid,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" text,
	CONSTRAINT "ranking_models_site_id_version_pk" PRIMARY KEY("site_id","version")
);
--> statement-breakpoint
ALTER TABLE "ranking_models" ADD CONSTRAINT "ranking_models_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "widget_daily" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"block" text DEFAULT '' NOT NULL,
	"strategy" text NOT NULL,
	"widget_type" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_daily_site_id_day_block_strategy_widget_type_pk" PRIMARY KEY("site_id","day","block","strategy","widget_type")
);
--> statement-breakpoint
ALTER TABLE "widget_daily" ADD CONSTRAINT "widget_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_daily" ADD COLUMN "search_clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_daily" ADD COLUMN "recs_clicks" bigint DEFAULT 0 NOT NULL;
