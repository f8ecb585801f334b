CREATE TABLE "query_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"vertical" text DEFAULT '' NOT NULL,
	"term" text NOT NULL,
	"key" text NOT NULL,
	"variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"mode" text DEFAULT 'none' NOT NULL,
	"site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "query_list_entries_key_idx" ON "query_list_entries" USING btree ("list","vertical","key");--> statement-breakpoint
CREATE INDEX "query_list_entries_sites_idx" ON "query_list_entries" USING gin ("site_ids");
