CREATE TABLE "artifact_pointers" (
	"site_id" integer NOT NULL,
	"slot" text NOT NULL,
	"artifact_id" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artifact_pointers_site_id_slot_pk" PRIMARY KEY("site_id","slot")
);
--> statement-breakpoint
CREATE TABLE "artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"hash" text NOT NULL,
	"js" text NOT NULL,
	"css" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artifact_pointers" ADD CONSTRAINT "artifact_pointers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artifact_pointers" ADD CONSTRAINT "artifact_pointers_artifact_id_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artifacts_site_hash_idx" ON "artifacts" USING btree ("site_id","hash");--> statement-breakpoint
CREATE INDEX "artifacts_site_created_idx" ON "artifacts" USING btree ("site_id","created_at");