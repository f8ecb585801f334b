/**
 * A search's first pass: the match computed once into a materialized set (`matched`) that the
 * count, the page and the facets' counts read in the same statement — and, for an autocomplete,
 * its categories, brands and taps' names. Each used to be a statement of its own that ran the
 * full-text and trigram match again (a scan of the live catalog's products: most of a search's
 * time at 100 000 offers). When the search goes on to another query (a brand read as words, a
 * correction, the zero-queries fallback) the pass is not used and the later statements run as
 * before.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ParsedSearchFilter } from '#contract/public/search.ts';
import { run } from '../platform/db/sql.ts';
import {
  filterCondition,
  FIXED_FACETS,
  PRODUCT_COLUMNS,
  type ProductRow,
  type QueryDb,
} from './common.ts';
import {
  countsWithTotal,
  facetCountColumns,
  facetCountsOf,
  type FacetCountRow,
  type FacetCounts,
} from './facet-counts.ts';
import { REVIEW_COLUMN } from './reviews.ts';
import { autocompleteCountColumns, type AutocompleteCounts } from './autocomplete-counts.ts';

export interface FirstPassQuery {
  /** The products relation (a region's: regions.ts). */
  from: SQL;
  /** Import, text match and availability: the autocomplete's products. */
  base: SQL;
  /** The query's merchandising (excludes, includes): with `base`, the search's products. */
  merchandised: SQL;
  /** The match's score (`score`), as the page selects it. */
  score: SQL;
  /**
   * Order keys computed on the products relation (they may read columns the set does not keep),
   * named for `order`: `[['boost', expression]]` is read as `p.boost`.
   */
  keys: [string, SQL][];
  /** The page's order, over the set (PRODUCT_COLUMNS, import_id, score and the keys). */
  order: SQL;
  filters: ParsedSearchFilter[];
  /** The order reads the products' params (a custom sort): the set keeps them. */
  orderReadsParams: boolean;
  offset: number;
  size: number;
  /** Count the facets too, for these filters and availability. */
  facets: { showUnavailable: boolean } | null;
  /** Count the autocomplete's parts too (autocomplete-counts.ts); never with `facets`. */
  suggestions: { quantity: number; names: boolean } | null;
}

export interface FirstPass {
  total: number;
  rows: ProductRow[];
  counts: FacetCounts | null;
  suggestions: AutocompleteCounts | null;
}

/**
 * The columns of the set: what the filters, the facets and the orders read. The page's other
 * columns (the description, the pictures…) are read for its rows only, not copied for every
 * matching product; so are the params (half of a set's size, which at a million offers no longer
 * fit in memory) unless a param filter or a custom sort reads them.
 */
const SET_COLUMNS = sql.raw('p.id, p.vendor, p.price, p.available, p.category_path, p.popularity');
/**
 * And what only an autocomplete's counts read (its taps' names, its products' own categories): a
 * search's set without them is a sixth faster to build and read («куртка» at a million offers,
 * EXPLAIN ANALYZE medians: 148–153 → 126–127 ms).
 */
const SUGGESTION_COLUMNS = sql.raw('p.name, p.category_id, p.category_ids, ');

export async function firstPass(db: QueryDb, q: FirstPassQuery): Promise<FirstPass> {
  if (q.facets && q.suggestions) throw new Error('A first pass counts facets or suggestions');
  const keys = q.keys.map(([name, expression]) => sql`, ${expression} as ${sql.identifier(name)}`);
  const filtered = filterCondition(q.filters);
  // The facets' summary counts the filtered products when it reads the same ones.
  const withTotal = q.facets !== null && countsWithTotal(q.filters);
  const params = q.orderReadsParams || q.filters.some((filter) => !FIXED_FACETS.has(filter.facet));
  const { rows } = await run<
    { total: number; page: (ProductRow & { at: number })[] } & Partial<FacetCountRow> &
      Partial<AutocompleteCounts>
  >(
    db,
    sql`with matched as materialized (
          select ${SET_COLUMNS}, ${q.suggestions ? SUGGESTION_COLUMNS : sql``}p.import_id, ${params ? sql`p.params, ` : sql``}${q.facets ? sql`p.param_pairs, ` : sql``}${q.score} as score,
            (${q.merchandised}) as merchandised${sql.join(keys, sql``)}
          from ${q.from} p where ${q.base}),
        hits as not materialized (select * from matched where merchandised)
        select ${withTotal ? sql`null::int` : sql`(select count(*)::int from hits p where ${filtered})`} as total,
          (select coalesce(json_agg(x order by x.at), '[]'::json) from (
            select ${PRODUCT_COLUMNS}, h.score, h.at, ${REVIEW_COLUMN} from (
              select p.import_id, p.id, p.score, row_number() over (order by ${q.order}) as at
              from (select * from hits p where ${filtered}
                    order by ${q.order} limit ${q.size} offset ${q.offset}) p) h
            join ${q.from} p on p.import_id = h.import_id and p.id = h.id) x) as page
          ${q.facets ? sql`, ${facetCountColumns(q.filters, q.facets.showUnavailable)}` : sql``}
          ${q.suggestions ? sql`, ${autocompleteCountColumns('matched', q.suggestions.quantity, q.suggestions.names)}` : sql``}`,
  );
  const row = rows[0]!;
  return {
    total: withTotal ? row.summary!.total! : row.total,
    rows: row.page.map(({ at: _at, ...product }) => product),
    counts: q.facets ? facetCountsOf(row as FacetCountRow) : null,
    suggestions: q.suggestions
      ? { categories: row.categories!, brands: row.brands!, names: row.names! }
      : null,
  };
}
