-- pg_trgm declares its operators' functions at the default cost of 1, as cheap as an integer
-- comparison, while a word similarity builds the trigram sets of both texts on every row (about
-- 6 µs). At that price the planner scans a whole catalogue (about 150 ms at 26 000 products)
-- rather than OR the full-text and trigram indexes (about 12 ms) for the public search's match.
-- Where the migrating role does not own the extension (installed by another role), the costs
-- stay as they were and the search is only slower.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
  ALTER FUNCTION similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
  RAISE NOTICE 'pg_trgm operator costs left unchanged: %', SQLERRM;
END
$$;
