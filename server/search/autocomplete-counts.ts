/**
 * What autocomplete counts over the matching products (autocomplete.ts shapes it): their own
 * categories and brands, most products first, and the names of the best 200 (the taps' words).
 * The match is computed once into a materialized set every part reads in the same statement;
 * each part used to be a statement of its own that ran the full-text and trigram match again.
 */
import { sql, type SQL } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { QueryDb } from './common.ts';

export interface AutocompleteQuery {
  /** The products relation (a region's: regions.ts). */
  from: SQL;
  /** The matching products: import, text match, availability. */
  base: SQL;
  /** How many categories and brands. */
  quantity: number;
  /** The relevance of a product row `p`; null: no taps (an empty query). */
  score: SQL | null;
}

export interface AutocompleteCounts {
  categories: { id: string; n: number }[];
  brands: { v: string; n: number }[];
  /** The names of the 200 most relevant matching products; empty without a score. */
  names: string[];
}

/** `[]` or the rows of `rows` as JSON objects in `order`. */
const agg = (rows: SQL, order: SQL) =>
  sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${rows}) x)`;

/**
 * The select list of the autocomplete's parts over the matching products in `relation` (a
 * relation the statement defines, with `score` where `names`): also read by the search's first
 * pass (first-pass.ts), which has the same set.
 */
export function autocompleteCountColumns(relation: string, quantity: number, names: boolean): SQL {
  const hits = sql.raw(relation);
  return sql`${agg(
    // Each of a product's own categories counts it (an offer may name several).
    // Unnested in the select list, as facet-counts.ts does (no function scan per product).
    sql`select own.id, count(*)::int as n
        from (select unnest(case when cardinality(p.category_ids) > 0 then p.category_ids
                                 else array[p.category_id] end) as id from ${hits} p) own
        group by own.id order by n desc, own.id limit ${quantity}`,
    sql`x.n desc, x.id`,
  )} as categories,
  ${agg(
    sql`select p.vendor as v, count(*)::int as n from ${hits} p where p.vendor is not null
        group by p.vendor order by n desc, p.vendor limit ${quantity}`,
    sql`x.n desc, x.v`,
  )} as brands,
  ${
    names
      ? sql`(select coalesce(json_agg(x.name), '[]'::json)
          from (select p.name from ${hits} p order by p.score desc, p.id limit 200) x)`
      : sql`'[]'::json`
  } as names`;
}

export async function autocompleteCountsOnePass(
  db: QueryDb,
  { from, base, quantity, score }: AutocompleteQuery,
): Promise<AutocompleteCounts> {
  const { rows } = await run<AutocompleteCounts>(
    db,
    sql`with hits as materialized (
          select p.id, p.vendor, p.category_ids, p.category_id${score ? sql`, p.name, ${score} as score` : sql``}
          from ${from} p where ${base})
        select ${autocompleteCountColumns('hits', quantity, score !== null)}`,
  );
  return rows[0]!;
}
