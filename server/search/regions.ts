/**
 * Regions in the public queries: `regionId` other than 'global' reads each product's
 * price, old price and availability from `catalog_product_regions` where the region has a row
 * for it, and its global values where not. The queries select `from ${products} p` with the
 * relation answered here, so every condition, order and facet on `p.price` / `p.available` is
 * the region's.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { QueryDb } from './common.ts';
import { run } from '../platform/db/sql.ts';

export const GLOBAL_PRODUCTS = sql.raw('catalog_products');

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
  return sql`(select g.import_id, g.id, g.name, g.url, g.vendor, g.vendor_code, g.description,
      coalesce(r.price, g.price) as price,
      case when r.product_id is null then g.old_price else r.old_price end as old_price,
      g.currency_id, coalesce(r.available, g.available) as available, g.pictures, g.category_id,
      g.category_ids, g.category_path, g.category_names, g.params, g.params_text, g.popularity, g.sku_count, g.quantity, g.search, g.doc
    from catalog_products g
    left join catalog_product_regions r
      on r.import_id = g.import_id and r.region_id = ${regionId} and r.product_id = g.id)`;
}
