-- Spec part 1 §3: the MVT config is a list of entries. Versions stored as {"entries": [...]}
-- (and the empty {} of a copy saved with defaults) become that list; history stays append-only
-- in meaning: each version keeps its entries, only the wrapper goes.
UPDATE "config_versions"
SET "data" = COALESCE("data" -> 'entries', '[]'::jsonb)
WHERE "kind" = 'mvt' AND jsonb_typeof("data") = 'object';
