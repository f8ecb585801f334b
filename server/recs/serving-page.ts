/**
 * A recommendations page in one statement: how many candidates pass the call's filter, the page's
 * product rows in order, and what toProducts reads for them (their categories, their uploaded
 * ratings). These were four statements (count, page, categories, ratings), each a round trip.
 */
import { sql, type SQL } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { CategoryMap, ProductRow, QueryDb } from '../search/common.ts';
import { SNIPPET_CHARS, snippetOf, type ProductRating } from '../search/reviews.ts';

export interface Page {
  total: number;
  rows: ProductRow[];
  /** For toProducts' `read`: the same maps categoryMap and ratingsFor answer. */
  read: { categories: CategoryMap; ratings: Map<string, ProductRating> };
}

interface PageRow extends ProductRow {
  n: number;
  categories:
    | { id: string; name: string; url: string | null; path_ids: string[]; path_names: string[] }[]
    | null;
  ratings: { id: string; rating: number; count: number; description: string | null }[] | null;
}

/**
 * `page` selects the page's rows (PRODUCT_COLUMNS, any extra column a name ProductRow does not
 * use) and `order` orders them again by its columns as `p`; `count` selects the total; `with`
 * are common expressions both may read. The rows come back in `order`; with no row on the page,
 * the total still does (one row of nulls).
 */
export async function pageWithLookups(
  db: QueryDb,
  importId: number,
  parts: { with?: SQL; count: SQL; page: SQL; order: SQL },
): Promise<Page> {
  const first = sql`row_number() over (order by ${parts.order}) = 1`;
  const { rows } = await run<PageRow>(
    db,
    sql`with ${parts.with ? sql`${parts.with}, ` : sql``}page as materialized (${parts.page})
        select (${parts.count}) as n,
          case when ${first} then (
            select json_agg(json_build_object('id', k.id, 'name', k.name, 'url', k.url,
                     'path_ids', k.path_ids, 'path_names', k.path_names))
            from catalog_categories k
            where k.import_id = ${importId}
              and k.id in (select unnest(q.category_path) from page q)) end as categories,
          case when ${first} then (
            select json_agg(json_build_object('id', v.external_id, 'rating', v.rating,
                     'count', v.review_count, 'description', left(v.description, ${SNIPPET_CHARS + 1}::int)))
            from product_reviews v join catalog_imports i on i.site_id = v.site_id
            where i.id = ${importId} and v.external_id in (select q.id from page q)) end as ratings,
          p.*
        from (select 1) one left join page p on true
        order by ${parts.order}`,
  );
  const head = rows[0];
  const categories: CategoryMap = new Map();
  for (const k of head?.categories ?? [])
    categories.set(k.id, {
      name: k.name,
      pathIds: k.path_ids,
      pathNames: k.path_names,
      url: k.url,
    });
  const ratings = new Map<string, ProductRating>();
  for (const v of head?.ratings ?? [])
    if (v.count > 0)
      ratings.set(v.id, {
        value: Number(v.rating),
        count: v.count,
        snippet: snippetOf(v.description),
      });
  return {
    total: head?.n ?? 0,
    rows: rows
      .filter((row) => row.id !== null)
      .map(({ n: _n, categories: _c, ratings: _r, ...row }) => row),
    read: { categories, ratings },
  };
}
