-- A site's search profile (server/search/profile.ts: its settings, query lists, ranking
-- coefficients, facet rules, imshop regions, the index settings its catalog was built with) is kept
-- in each server process and read again when its version moves. Every change of those tables, by
-- whichever process or code makes it, bumps the version of the sites it touches, in its own
-- transaction: a public call reads the version with the live import and never answers from an
-- older profile than the one committed before it began.
CREATE TABLE "search_profile_versions" (
  "site_id" integer PRIMARY KEY NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION vitrina_bump_search_profiles(site_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_profile_versions AS v (site_id, version)
    SELECT DISTINCT s, 1 FROM unnest(site_ids) s WHERE s IS NOT NULL ORDER BY 1
  ON CONFLICT (site_id) DO UPDATE SET version = v.version + 1;
$$;
--> statement-breakpoint
-- Statement triggers with the statement's rows (transition tables allow one event per trigger).
CREATE FUNCTION vitrina_search_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vitrina_bump_search_profiles(array(SELECT site_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vitrina_bump_search_profiles(array(SELECT site_id FROM old_rows));
  ELSE
    PERFORM vitrina_bump_search_profiles(
      array(SELECT site_id FROM new_rows UNION SELECT site_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- query_list_entries holds the sites an entry is enabled on in an array.
CREATE FUNCTION vitrina_query_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vitrina_bump_search_profiles(array(SELECT unnest(site_ids) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vitrina_bump_search_profiles(array(SELECT unnest(site_ids) FROM old_rows));
  ELSE
    PERFORM vitrina_bump_search_profiles(
      array(SELECT unnest(site_ids) FROM new_rows UNION SELECT unnest(site_ids) FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION vitrina_search_profiles_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_profile_versions SET version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  f text;
BEGIN
  FOREACH t IN ARRAY ARRAY['search_settings', 'search_index_state', 'ranking_coefficients',
                           'facet_attributes', 'imshop_regions', 'query_list_entries'] LOOP
    f := CASE WHEN t = 'query_list_entries' THEN 'vitrina_query_lists_changed'
              ELSE 'vitrina_search_profile_changed' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_profile_inserted', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows
      NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_profile_updated', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_profile_deleted', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION vitrina_search_profiles_truncated()', t || '_profile_truncated', t);
  END LOOP;
END
$$;
