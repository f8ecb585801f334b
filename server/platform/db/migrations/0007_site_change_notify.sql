-- The console's per-site read cache (server/repositories/site-cache.ts) is dropped on every change
-- of a site or of its attached users, by whichever process or code makes it: a NOTIFY on
-- vitrina_site_changed with the site's id, sent at commit.
CREATE OR REPLACE FUNCTION vitrina_notify_site_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sites' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('vitrina_site_changed', OLD.id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('vitrina_site_changed', NEW.id::text); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('vitrina_site_changed', OLD.site_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('vitrina_site_changed', NEW.site_id::text); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_notify_changed AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION vitrina_notify_site_changed();
--> statement-breakpoint
CREATE TRIGGER user_sites_notify_changed AFTER INSERT OR UPDATE OR DELETE ON user_sites
  FOR EACH ROW EXECUTE FUNCTION vitrina_notify_site_changed();
--> statement-breakpoint
CREATE FUNCTION vitrina_notify_sites_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrina_site_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_notify_truncated AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_sites_truncated();
--> statement-breakpoint
CREATE TRIGGER user_sites_notify_truncated AFTER TRUNCATE ON user_sites
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_sites_truncated();
