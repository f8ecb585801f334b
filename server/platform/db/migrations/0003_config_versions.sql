CREATE SEQUENCE "public"."config_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" integer DEFAULT 0 NOT NULL,
	"test" boolean NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_version_id" integer
);
--> statement-breakpoint
ALTER TABLE "config_versions" ADD CONSTRAINT "config_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_versions_copy_version_idx" ON "config_versions" USING btree ("site_id","kind","key","test","version");