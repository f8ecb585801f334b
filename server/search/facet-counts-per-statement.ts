/**
 * The facet counts as the search ran them before the one-pass statement (facet-counts.ts): one
 * statement per facet, each computing the match again. Kept only to prove the one-pass path
 * answers the same (search-path.ts); delete with it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { noneOf } from '../platform/db/any.ts';
import { run } from '../platform/db/sql.ts';
import { filterCondition, type QueryDb } from './common.ts';
import {
  except,
  filteredParamNames,
  type FacetCounts,
  type FacetQuery,
  type ParamCount,
} from './facet-counts.ts';

export async function facetCountsPerStatement(
  db: QueryDb,
  { from, base, filters, showUnavailable }: FacetQuery,
): Promise<FacetCounts> {
  const categories = await run<{ id: string; n: number }>(
    db,
    sql`select c as id, count(*)::int as n from ${from} p cross join lateral unnest(p.category_path) c
        where ${base} and ${except(filters, 'categoryId')} group by c`,
  );
  const brands = await run<{ v: string; n: number }>(
    db,
    sql`select p.vendor as v, count(*)::int as n from ${from} p
        where ${base} and ${except(filters, 'brand')} and p.vendor is not null
        group by p.vendor order by n desc, p.vendor limit 50`,
  );
  const price = await run<{ min: number | null; max: number | null }>(
    db,
    sql`select floor(min(p.price))::float8 as min, ceil(max(p.price))::float8 as max
        from ${from} p where ${base} and ${except(filters, 'price')}`,
  );
  const availability = showUnavailable
    ? await run<{ t: number; f: number }>(
        db,
        sql`select (count(*) filter (where p.available))::int as t, (count(*) filter (where not p.available))::int as f
            from ${from} p where ${base} and ${except(filters, 'available')}`,
      )
    : undefined;
  const filteredParams = filteredParamNames(filters);
  const paramQueries: SQL[] = [
    sql`select e->>'name' as name, e->>'value' as value, max(e->>'unit') as unit, count(distinct p.id)::int as n
        from ${from} p cross join lateral jsonb_array_elements(p.params) e
        where ${base} and ${filterCondition(filters)}
        ${filteredParams.length ? sql`and ${noneOf(sql`e->>'name'`, filteredParams)}` : sql``}
        group by 1, 2`,
    ...filteredParams.map(
      (
        name,
      ) => sql`select e->>'name' as name, e->>'value' as value, max(e->>'unit') as unit, count(distinct p.id)::int as n
        from ${from} p cross join lateral jsonb_array_elements(p.params) e
        where ${base} and ${except(filters, name)} and e->>'name' = ${name}
        group by 1, 2`,
    ),
  ];
  const params: ParamCount[] = [];
  for (const query of paramQueries) params.push(...(await run<ParamCount>(db, query)).rows);
  return {
    categories: categories.rows,
    brands: brands.rows,
    price: price.rows[0],
    availability: availability?.rows[0],
    params,
  };
}
