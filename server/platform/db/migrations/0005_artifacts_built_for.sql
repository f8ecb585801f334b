ALTER TABLE "artifacts" ADD COLUMN "built_for" text DEFAULT 'production' NOT NULL;--> statement-breakpoint
-- Existing rows: a build's boot config names its slot (server/artifacts/build-bundle.ts).
UPDATE "artifacts" SET "built_for" = 'preview' WHERE "js" LIKE '%digi.site=digi.boot({%,slot:"preview",%';
