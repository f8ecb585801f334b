CREATE TABLE "visual_gate_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" integer NOT NULL,
	"source_version_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"production_artifact_id" integer,
	"candidate_hash" text,
	"job_id" uuid,
	"state" text NOT NULL,
	"reason" text,
	"duration_ms" integer,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visual_gate_views" (
	"run_id" integer NOT NULL,
	"view" text NOT NULL,
	"widget" text NOT NULL,
	"width" integer NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"production" "bytea" NOT NULL,
	"candidate" "bytea" NOT NULL,
	"diff" "bytea" NOT NULL,
	"changed_pixels" integer NOT NULL,
	"total_pixels" integer NOT NULL,
	"share" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visual_gate_runs" ADD CONSTRAINT "visual_gate_runs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "visual_gate_views" ADD CONSTRAINT "visual_gate_views_run_id_visual_gate_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."visual_gate_runs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "visual_gate_runs_lookup_idx" ON "visual_gate_runs" USING btree ("site_id","kind","key","source_version_id");
--> statement-breakpoint
CREATE INDEX "visual_gate_views_run_idx" ON "visual_gate_views" USING btree ("run_id");
