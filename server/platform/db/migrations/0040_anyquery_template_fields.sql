-- The storefront's templates read the product in AnyQuery's field names since this version:
-- link_url for url, image_url for picture. Saved templates (every version, so that a rollback
-- renders too) are rewritten; only whole Handlebars expressions of those fields are touched.
UPDATE "config_versions"
SET "data" = regexp_replace(
  regexp_replace(
    regexp_replace(
      "data"::text,
      '\{\{(~?\s*)(#if |#unless |\^if |)picture(\s*~?)\}\}', '{{\1\2image_url\3}}', 'g'),
    '\{\{(~?\s*)(#if |#unless |\^if |)product\.picture(\s*~?)\}\}', '{{\1\2product.image_url\3}}', 'g'),
  '\{\{(~?\s*)url(\s*~?)\}\}', '{{\1link_url\2}}', 'g')::jsonb
WHERE "data"::text ~ '\{\{~?\s*(#if |#unless |\^if |)(product\.)?picture\s*~?\}\}|\{\{~?\s*url\s*~?\}\}';
--> statement-breakpoint
-- The instant search's facet parts read the facets in AnyQuery's shape: a value's filter value
-- is `id` and its count `value`, the kind is `dataType`, a slider's bounds and a switch's state
-- are the part's own (`min`, `max`, `selected`, `count`), a tree's nodes are `facet.values`.
-- Renames run in order within a part (`value` → `id` before `count` → `value`).
UPDATE "config_versions"
SET "data" = jsonb_set("data", '{htmlTemplate,facets}', to_jsonb(regexp_replace("data" #>> '{htmlTemplate,facets}', '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)type(\s*~?\}\})', '\1dataType\2', 'g')))
WHERE "kind" = 'instant-search' AND coalesce("data" #>> '{htmlTemplate,facets}', '') <> '';
--> statement-breakpoint
UPDATE "config_versions"
SET "data" = jsonb_set("data", '{htmlTemplate,facetCommon}', to_jsonb(regexp_replace(regexp_replace("data" #>> '{htmlTemplate,facetCommon}', '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)value(\s*~?\}\})', '\1id\2', 'g'), '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)count(\s*~?\}\})', '\1value\2', 'g')))
WHERE "kind" = 'instant-search' AND coalesce("data" #>> '{htmlTemplate,facetCommon}', '') <> '';
--> statement-breakpoint
UPDATE "config_versions"
SET "data" = jsonb_set("data", '{htmlTemplate,facetSlider}', to_jsonb(regexp_replace(regexp_replace("data" #>> '{htmlTemplate,facetSlider}', '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)facet\.min(\s*~?\}\})', '\1min\2', 'g'), '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)facet\.max(\s*~?\}\})', '\1max\2', 'g')))
WHERE "kind" = 'instant-search' AND coalesce("data" #>> '{htmlTemplate,facetSlider}', '') <> '';
--> statement-breakpoint
UPDATE "config_versions"
SET "data" = jsonb_set("data", '{htmlTemplate,facetBoolean}', to_jsonb(regexp_replace(regexp_replace("data" #>> '{htmlTemplate,facetBoolean}', '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)facet\.selected(\s*~?\}\})', '\1selected\2', 'g'), '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)facet\.trueCount(\s*~?\}\})', '\1count\2', 'g')))
WHERE "kind" = 'instant-search' AND coalesce("data" #>> '{htmlTemplate,facetBoolean}', '') <> '';
--> statement-breakpoint
UPDATE "config_versions"
SET "data" = jsonb_set("data", '{htmlTemplate,facetTreeList}', to_jsonb(regexp_replace(regexp_replace("data" #>> '{htmlTemplate,facetTreeList}', '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)facet\.tree(\s*~?\}\})', '\1facet.values\2', 'g'), '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)count(\s*~?\}\})', '\1value\2', 'g')))
WHERE "kind" = 'instant-search' AND coalesce("data" #>> '{htmlTemplate,facetTreeList}', '') <> '';
--> statement-breakpoint
UPDATE "config_versions"
SET "data" = jsonb_set("data", '{htmlTemplate,facetCategory}', to_jsonb(regexp_replace("data" #>> '{htmlTemplate,facetCategory}', '(\{\{~?\s*(?:[#^]?(?:if|unless|each|with)\s+)?)count(\s*~?\}\})', '\1value\2', 'g')))
WHERE "kind" = 'instant-search' AND coalesce("data" #>> '{htmlTemplate,facetCategory}', '') <> '';
