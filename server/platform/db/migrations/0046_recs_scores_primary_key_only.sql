-- recs_item_scores keeps its primary key only: every read is by (site, hash, revision[, product]),
-- which the key's prefix serves (a product has a few hundred rows at most), and the score index
-- made each of a build's million rows cost a third more to write.
DROP INDEX "recs_item_scores_lookup_idx";
