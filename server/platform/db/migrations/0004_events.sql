CREATE SEQUENCE "public"."event_rollup_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_daily" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"search_sessions" bigint DEFAULT 0 NOT NULL,
	"ordered_sessions" bigint DEFAULT 0 NOT NULL,
	"search_ordered_sessions" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"search_orders" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"search_revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"searches" bigint DEFAULT 0 NOT NULL,
	"zero_searches" bigint DEFAULT 0 NOT NULL,
	"corrections" bigint DEFAULT 0 NOT NULL,
	"ac_queries" bigint DEFAULT 0 NOT NULL,
	"ac_products" bigint DEFAULT 0 NOT NULL,
	"ac_categories" bigint DEFAULT 0 NOT NULL,
	"ac_history" bigint DEFAULT 0 NOT NULL,
	"ac_taps" bigint DEFAULT 0 NOT NULL,
	"ac_brands" bigint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"carts" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT nextval('event_rollup_version') NOT NULL,
	CONSTRAINT "event_daily_site_id_day_platform_pk" PRIMARY KEY("site_id","day","platform")
);
--> statement-breakpoint
CREATE TABLE "event_daily_queries" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"query_id" integer NOT NULL,
	"mobile" integer DEFAULT 0 NOT NULL,
	"desktop" integer DEFAULT 0 NOT NULL,
	"app" integer DEFAULT 0 NOT NULL,
	"zero_mobile" integer DEFAULT 0 NOT NULL,
	"zero_desktop" integer DEFAULT 0 NOT NULL,
	"zero_app" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_daily_queries_site_id_day_query_id_pk" PRIMARY KEY("site_id","day","query_id")
);
--> statement-breakpoint
CREATE TABLE "event_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"query" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"session_id" text NOT NULL,
	"platform" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"searched" boolean DEFAULT false NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "event_sessions_site_id_day_session_id_pk" PRIMARY KEY("site_id","day","session_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"platform" smallint NOT NULL,
	"session_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"query" text,
	"hits" integer,
	"corrected_query" text,
	"block" smallint,
	"product_id" text,
	"revenue" numeric(14, 2),
	"items" integer
);
--> statement-breakpoint
ALTER TABLE "event_daily" ADD CONSTRAINT "event_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_daily_queries" ADD CONSTRAINT "event_daily_queries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_queries" ADD CONSTRAINT "event_queries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_queries_site_query_idx" ON "event_queries" USING btree ("site_id","query");--> statement-breakpoint
CREATE INDEX "events_site_day_idx" ON "events" USING btree ("site_id","day");