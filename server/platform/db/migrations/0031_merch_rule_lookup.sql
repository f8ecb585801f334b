-- The boost rule lookup of every search (server/catalog/query/merchandising.ts) asks for a site's
-- rules whose query keys meet the query's: one GIN index over the keys prefixed with the site
-- (`1:платье`) answers both at once, whatever the statistics say. With the keys and the site in
-- separate indexes, a table the planner has no statistics for (PGlite runs no autovacuum, so after
-- a bulk upload it never has any) was read through the site index: every rule of the site per
-- search. Without fast update a new rule goes straight into the index: GIN's pending list, which
-- only a vacuum or an analyze flushes, is read entry by entry by every search and makes the
-- planner shun the index. (btree_gin's two-column GIN would do as well on PostgreSQL, but loading
-- it into PGlite stalls later statements.)
CREATE FUNCTION "merch_site_keys"(site integer, keys text[]) RETURNS text[]
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT array(SELECT site::text || ':' || k FROM unnest(keys) k) $$;
--> statement-breakpoint
CREATE INDEX "merch_boost_rules_site_keys_idx" ON "merch_boost_rules" USING gin (merch_site_keys("site_id", "query_keys")) WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX IF EXISTS "merch_boost_rules_keys_idx";
