/**
 * Regions in the public queries: `regionId` other than 'global' reads each product's
 * price, old price, availability and regional attributes (the search setting regionalAttributes:
 * their values replace the global values of those attributes) from `catalog_product_regions`
 * where the region has a row for it, and its global values where not. The queries select
 * `from ${products} p` with the relation answered here, so every condition, order and facet on
 * `p.price`, `p.available` and `p.params` (filters, facets, the answer's attributes) is the
 * region's.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { QueryDb } from './common.ts';
import { anyOf } from '../platform/db/any.ts';
import { catalogOfferRegions, type CatalogParam as ProductParam } from '../platform/db/schema.ts';
import { run } from '../platform/db/sql.ts';

export const GLOBAL_PRODUCTS = sql.raw('catalog_products');

/**
 * The region a public read is answered in: the asked one, except that the mobile app (platform
 * APP) is regionalised by the site's imshop regions only — another region of its gets the global
 * values.
 */
export function servedRegion(
  imshopRegions: ReadonlySet<string>,
  params: { regionId: string; platform?: string | undefined },
): string {
  const { regionId } = params;
  if (params.platform !== 'APP' || regionId === 'global') return regionId;
  return imshopRegions.has(regionId) ? regionId : 'global';
}

/** The products relation of a region (the plain table for 'global' or a region without data). */
export async function regionalProducts(
  db: QueryDb,
  importId: number,
  regionId: string | undefined,
): Promise<SQL> {
  if (!regionId || regionId === 'global') return GLOBAL_PRODUCTS;
  const { rows } = await run<{ one: number }>(
    db,
    sql`select 1 as one from catalog_product_regions
        where import_id = ${importId} and region_id = ${regionId} limit 1`,
  );
  if (rows.length === 0) return GLOBAL_PRODUCTS;
  // A region's params are computed per call, and their pairs (the params facet's) with them.
  return sql`(select x.*, catalog_param_pairs(x.params) as param_pairs from (
    select g.import_id, g.id, g.name, g.url, g.vendor, g.vendor_code, g.description,
      coalesce(r.price, g.price) as price,
      case when r.product_id is null then g.old_price else r.old_price end as old_price,
      g.currency_id, coalesce(r.available, g.available) as available, g.pictures, g.category_id,
      g.category_ids, g.category_path, g.category_names,
      case when r.params is null then g.params else
        coalesce((select jsonb_agg(e) from jsonb_array_elements(g.params) e
                  where not exists (select 1 from jsonb_array_elements(r.params) x
                                    where lower(x->>'name') = lower(e->>'name'))), '[]'::jsonb)
        || r.params end as params,
      g.params_text, g.popularity, g.sku_count, g.quantity, g.search, g.doc
    from catalog_products g
    left join catalog_product_regions r
      on r.import_id = g.import_id and r.region_id = ${regionId} and r.product_id = g.id) x)`;
}

/** An offer's params in a region: its regional attributes' values in place of its own. */
export function inRegion(params: ProductParam[], regional: ProductParam[] | null): ProductParam[] {
  if (!regional?.length) return params;
  const names = new Set(regional.map((param) => param.name.toLowerCase()));
  return [...params.filter((param) => !names.has(param.name.toLowerCase())), ...regional];
}

/** The regional values of the offers of some products (none for 'global'). */
export async function regionalOffers(
  db: QueryDb,
  importId: number,
  regionId: string | undefined,
  productIds: string[],
): Promise<
  Map<
    string,
    {
      price: number | null;
      oldPrice: number | null;
      available: boolean | null;
      params: ProductParam[] | null;
    }
  >
> {
  if (!regionId || regionId === 'global' || !productIds.length) return new Map();
  const rows = await db
    .select()
    .from(catalogOfferRegions)
    .where(
      and(
        eq(catalogOfferRegions.importId, importId),
        eq(catalogOfferRegions.regionId, regionId),
        anyOf(catalogOfferRegions.productId, productIds),
      ),
    );
  return new Map(rows.map((row) => [row.offerId, row]));
}
