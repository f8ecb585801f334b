-- Rollout: the audit log by site, scheduled promotions, the automatic rollback's settings,
-- watches and the storefront's widget error counts.
ALTER TABLE "audit_log" ADD COLUMN "site_id" integer;--> statement-breakpoint
UPDATE "audit_log" SET "site_id" = coalesce(
  (substring("entity_id" from '^([0-9]{1,9})[/:]'))::integer,
  case when jsonb_typeof("after" -> 'siteId') = 'number' then ("after" ->> 'siteId')::integer end,
  case when jsonb_typeof("before" -> 'siteId') = 'number' then ("before" ->> 'siteId')::integer end
);--> statement-breakpoint
CREATE INDEX "audit_site_at_idx" ON "audit_log" USING btree ("site_id","at");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE TABLE "scheduled_promotions" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "key" integer DEFAULT 0 NOT NULL,
  "action" text NOT NULL,
  "source_version_id" integer NOT NULL,
  "run_at" timestamp with time zone NOT NULL,
  "state" text DEFAULT 'scheduled' NOT NULL,
  "timer_id" text,
  "job_id" uuid,
  "error" text,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  "cancelled_by" text
);--> statement-breakpoint
CREATE INDEX "scheduled_promotions_site_idx" ON "scheduled_promotions" USING btree ("site_id","run_at");--> statement-breakpoint
CREATE TABLE "rollout_settings" (
  "site_id" integer PRIMARY KEY NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
  "enabled" boolean DEFAULT true NOT NULL,
  "window_minutes" integer DEFAULT 60 NOT NULL,
  "max_widget_errors" integer DEFAULT 20 NOT NULL,
  "search_drop_percent" integer DEFAULT 50 NOT NULL,
  "ctr_drop_percent" integer DEFAULT 50 NOT NULL,
  "min_baseline_searches" integer DEFAULT 30 NOT NULL,
  "updated_by" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "rollout_watches" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
  "artifact_id" integer NOT NULL,
  "previous_artifact_id" integer,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "state" text DEFAULT 'watching' NOT NULL,
  "reason" text,
  "figures" jsonb,
  "checked_at" timestamp with time zone,
  "created_by" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "rollout_watches_site_idx" ON "rollout_watches" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "rollout_watches_open_idx" ON "rollout_watches" USING btree ("state") WHERE "state" = 'watching';--> statement-breakpoint
CREATE TABLE "storefront_errors" (
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
  "minute" timestamp with time zone NOT NULL,
  "widget" text NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  "message" text NOT NULL,
  CONSTRAINT "storefront_errors_pk" PRIMARY KEY("site_id","minute","widget")
);
