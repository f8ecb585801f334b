/** A site's custom sorts: the configured ones, their ORDER BY, the options the storefront offers. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { customSortConfig, type CustomSortConfig } from '#contract/entities/search-config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { searchSettings } from '../platform/db/schema.ts';
import { HttpError } from '../platform/http/http-error.ts';

type QueryDb = Db | Tx;

/** Custom sorts of the site (plain or imshop). */
export async function loadSorts(
  db: QueryDb,
  siteId: number,
  kind: 'plain' | 'imshop',
): Promise<CustomSortConfig> {
  const [row] = await db
    .select()
    .from(searchSettings)
    .where(
      and(
        eq(searchSettings.siteId, siteId),
        eq(searchSettings.key, kind === 'plain' ? 'customSort' : 'imshopSort'),
      ),
    );
  const parsed = customSortConfig.safeParse(row?.value);
  return parsed.success ? parsed.data : { attributes: [], regions: [] };
}

/** `ASC:attribute` / `DESC:attribute`: a configured custom sort. */
export const CUSTOM_SORT = /^(ASC|DESC):(.{1,100})$/;

/**
 * The ORDER BY of a custom sort of `sorts` (the plain or the mobile app's); 400 for a sort not
 * configured there. Its regions are sorted by their own values of the attribute (regional
 * attributes); any other region, by the global values.
 */
export async function customSortOrder(
  db: QueryDb,
  siteId: number,
  sort: string,
  options: { sorts?: CustomSortConfig; regionId?: string | undefined } = {},
): Promise<SQL | null> {
  const match = CUSTOM_SORT.exec(sort);
  if (!match) return null;
  const [, direction, attribute] = match as unknown as [string, 'ASC' | 'DESC', string];
  const sorts = options.sorts ?? (await loadSorts(db, siteId, 'plain'));
  if (!sorts.attributes.some((a) => a.attribute === attribute && a.direction === direction))
    throw new HttpError(400, `The sort ${sort} is not configured for this site`);
  const region = options.regionId ?? 'global';
  const ownValues = region === 'global' || sorts.regions.includes(region);
  const params = ownValues
    ? sql`p.params`
    : sql`(select g.params from catalog_products g where g.import_id = p.import_id and g.id = p.id)`;
  const value = sql`(select e->>'value' from jsonb_array_elements(${params}) e where e->>'name' = ${attribute} limit 1)`;
  const numeric = sql`(case when ${value} ~ '^-?[0-9]+([.,][0-9]+)?$' then replace(${value}, ',', '.')::float8 end)`;
  const dir = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
  return sql`p.available desc, ${numeric} ${dir} nulls last, ${value} ${dir} nulls last, p.id`;
}

/** The sort options the storefront may offer: the built-in ones and the site's custom sorts. */
export function sortOptions(sorts: CustomSortConfig): { value: string; title: string }[] {
  return sorts.attributes.map((a) => ({ value: `${a.direction}:${a.attribute}`, title: a.title }));
}
