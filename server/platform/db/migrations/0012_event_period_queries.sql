CREATE TABLE "event_period_queries" (
	"site_id" integer NOT NULL,
	"period" text NOT NULL,
	"start" date NOT NULL,
	"query_id" integer NOT NULL,
	"mobile" integer DEFAULT 0 NOT NULL,
	"desktop" integer DEFAULT 0 NOT NULL,
	"app" integer DEFAULT 0 NOT NULL,
	"zero_mobile" integer DEFAULT 0 NOT NULL,
	"zero_desktop" integer DEFAULT 0 NOT NULL,
	"zero_app" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_period_queries_site_id_period_start_query_id_pk" PRIMARY KEY("site_id","period","start","query_id")
);
--> statement-breakpoint
ALTER TABLE "event_period_queries" ADD CONSTRAINT "event_period_queries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "event_period_queries" ("site_id", "period", "start", "query_id", "mobile", "desktop", "app", "zero_mobile", "zero_desktop", "zero_app")
SELECT "site_id", p."period", CASE p."period" WHEN 'week' THEN date_trunc('week', "day"::timestamp)::date ELSE date_trunc('month', "day"::timestamp)::date END,
	"query_id", sum("mobile"), sum("desktop"), sum("app"), sum("zero_mobile"), sum("zero_desktop"), sum("zero_app")
FROM "event_daily_queries" CROSS JOIN (VALUES ('week'), ('month')) AS p("period")
GROUP BY 1, 2, 3, 4;
