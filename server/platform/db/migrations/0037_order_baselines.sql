CREATE TABLE "event_order_baselines" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"bound" numeric(20, 2) NOT NULL,
	"source" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "event_order_baselines_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
ALTER TABLE "event_order_baselines" ADD CONSTRAINT "event_order_baselines_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;