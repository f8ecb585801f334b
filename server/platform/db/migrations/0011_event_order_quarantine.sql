CREATE TABLE "event_order_caps" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"cap" numeric(20, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_order_quarantine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" text NOT NULL,
	"platform" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	"items" integer,
	"reason" text NOT NULL,
	"threshold" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_order_caps" ADD CONSTRAINT "event_order_caps_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_order_quarantine" ADD CONSTRAINT "event_order_quarantine_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_order_quarantine_site_idx" ON "event_order_quarantine" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "events_site_orders_idx" ON "events" USING btree ("site_id","at") WHERE "events"."kind" = 6;
