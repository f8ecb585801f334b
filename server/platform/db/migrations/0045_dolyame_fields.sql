-- A Dolyame alternative attribute now names the field it stands for (contract/public/dolyame.ts
-- DOLYAME_FIELDS: price, eligible), one attribute per field and site. Rows saved before under a
-- free-text name were read by nothing: those naming a field by its key are kept (in lower case,
-- the oldest per field and site), the others are removed.
UPDATE "dolyame_alternative_attributes" SET "alternative" = lower(trim("alternative"));--> statement-breakpoint
DELETE FROM "dolyame_alternative_attributes" WHERE "alternative" NOT IN ('price', 'eligible');--> statement-breakpoint
DELETE FROM "dolyame_alternative_attributes" AS "a" USING "dolyame_alternative_attributes" AS "b"
  WHERE "a"."site_id" = "b"."site_id" AND "a"."alternative" = "b"."alternative" AND "a"."id" > "b"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "dolyame_alt_attr_site_alternative_idx" ON "dolyame_alternative_attributes" USING btree ("site_id","alternative");
