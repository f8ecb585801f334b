CREATE TABLE "recs_strategies" (
	"site_id" integer NOT NULL,
	"hash" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"configs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recs_strategies_site_id_hash_pk" PRIMARY KEY("site_id","hash")
);
--> statement-breakpoint
CREATE TABLE "recs_revisions" (
	"site_id" integer NOT NULL,
	"hash" text NOT NULL,
	"revision" integer NOT NULL,
	"configs" jsonb NOT NULL,
	"rows" integer NOT NULL,
	"events" integer NOT NULL,
	"quality" jsonb NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recs_revisions_site_id_hash_revision_pk" PRIMARY KEY("site_id","hash","revision")
);
--> statement-breakpoint
CREATE TABLE "recs_item_scores" (
	"site_id" integer NOT NULL,
	"hash" text NOT NULL,
	"revision" integer NOT NULL,
	"product_id" text NOT NULL,
	"other_id" text NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "recs_item_scores_pk" PRIMARY KEY("site_id","hash","revision","product_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "recs_widgets" (
	"site_id" integer NOT NULL,
	"widget_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'UNDEFINED' NOT NULL,
	"placements" text[] DEFAULT '{}' NOT NULL,
	"strategy_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recs_widgets_site_id_widget_id_pk" PRIMARY KEY("site_id","widget_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_coefficients" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"coefficients" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recs_strategies" ADD CONSTRAINT "recs_strategies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recs_revisions" ADD CONSTRAINT "recs_revisions_strategy_fk" FOREIGN KEY ("site_id","hash") REFERENCES "public"."recs_strategies"("site_id","hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recs_item_scores" ADD CONSTRAINT "recs_item_scores_strategy_fk" FOREIGN KEY ("site_id","hash") REFERENCES "public"."recs_strategies"("site_id","hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recs_widgets" ADD CONSTRAINT "recs_widgets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_coefficients" ADD CONSTRAINT "ranking_coefficients_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recs_item_scores_lookup_idx" ON "recs_item_scores" USING btree ("site_id","hash","revision","product_id","score");
--> statement-breakpoint
CREATE TABLE "event_ids" (
	"site_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ids_site_id_event_id_pk" PRIMARY KEY("site_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "event_ids" ADD CONSTRAINT "event_ids_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_ids_received_idx" ON "event_ids" USING btree ("received_at");
