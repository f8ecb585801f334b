-- recs_item_scores without its foreign key to recs_strategies: the key was checked row by row (a
-- lookup and a key lock of the strategy for each of a build's million rows: two thirds of
-- DIGINETICA's co_viewed write on PostgreSQL). Its two guarantees are kept a statement at a time.
ALTER TABLE "recs_item_scores" DROP CONSTRAINT "recs_item_scores_strategy_fk";
--> statement-breakpoint
-- 1. A strategy's rows go with it, in the transaction that deletes it (its own deletion or its
-- site's cascade), as the cascade did; and with a truncation of the strategies.
CREATE FUNCTION vitrina_recs_strategies_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recs_item_scores r USING old_rows o WHERE r.site_id = o.site_id AND r.hash = o.hash;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recs_strategies_scores_deleted AFTER DELETE ON recs_strategies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_recs_strategies_deleted();
--> statement-breakpoint
CREATE FUNCTION vitrina_recs_strategies_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE recs_item_scores;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recs_strategies_scores_truncated AFTER TRUNCATE ON recs_strategies
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_recs_strategies_truncated();
--> statement-breakpoint
-- 2. Rows are written only for a strategy that exists. Each statement key-locks the strategies it
-- wrote rows for, once (the foreign key took the same lock once a row): a deletion waits for the
-- writing transaction to end and then deletes its rows; a statement after a deletion fails.
CREATE FUNCTION vitrina_recs_scores_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  locked integer;
BEGIN
  SELECT count(*) INTO wanted FROM (SELECT DISTINCT site_id, hash FROM new_rows) n;
  SELECT count(*) INTO locked FROM (
    SELECT 1 FROM recs_strategies s
    WHERE (s.site_id, s.hash) IN (SELECT site_id, hash FROM new_rows)
    FOR KEY SHARE OF s) l;
  IF locked < wanted THEN
    RAISE EXCEPTION 'recs_item_scores: rows of a strategy that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recs_item_scores_inserted AFTER INSERT ON recs_item_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_recs_scores_written();
--> statement-breakpoint
CREATE TRIGGER recs_item_scores_updated AFTER UPDATE ON recs_item_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_recs_scores_written();
