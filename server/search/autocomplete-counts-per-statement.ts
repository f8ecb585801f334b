/**
 * Autocomplete's counts as it ran them before the one-pass statement (autocomplete-counts.ts):
 * one statement per part, each computing the match again. Kept only to prove the one-pass path
 * answers the same (search-path.ts); delete with it.
 */
import { sql } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { QueryDb } from './common.ts';
import type { AutocompleteCounts, AutocompleteQuery } from './autocomplete-counts.ts';

export async function autocompleteCountsPerStatement(
  db: QueryDb,
  { from, base, quantity, score }: AutocompleteQuery,
): Promise<AutocompleteCounts> {
  const categories = await run<{ id: string; n: number }>(
    db,
    sql`select own.id, count(*)::int as n from ${from} p
        cross join lateral unnest(case when cardinality(p.category_ids) > 0 then p.category_ids
                                       else array[p.category_id] end) as own(id)
        where ${base} group by own.id order by n desc, own.id limit ${quantity}`,
  );
  const brands = await run<{ v: string; n: number }>(
    db,
    sql`select p.vendor as v, count(*)::int as n from ${from} p where ${base} and p.vendor is not null
        group by p.vendor order by n desc, p.vendor limit ${quantity}`,
  );
  const names = score
    ? (
        await run<{ name: string }>(
          db,
          sql`select p.name from ${from} p where ${base} order by ${score} desc, p.id limit 200`,
        )
      ).rows.map((row) => row.name)
    : [];
  return { categories: categories.rows, brands: brands.rows, names };
}
