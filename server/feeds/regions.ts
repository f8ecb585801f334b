import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { arrayParam } from '../platform/db/any.ts';

/**
 * Per-region prices and availability. An offer's own columns are the global
 * region ('global'); `catalog_offer_regions` overrides price, old price or availability in a
 * region. A product's regional row is built from all its offers, each with its regional values
 * where it has them and its global ones where not — the same rule as the global product (the
 * cheapest available offer's price; available when any offer is).
 */

const productFilter = (productIds: readonly string[] | undefined, column: SQL) =>
  productIds ? sql`and ${column} = any(${arrayParam(productIds, 'text')})` : sql``;

/** (Re)builds the product-region rows of an import, for all products or the ones named. */
export async function buildProductRegions(
  db: Db | Tx,
  importId: number,
  productIds?: readonly string[],
): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  await run(
    db,
    sql`delete from catalog_product_regions where import_id = ${importId} ${productFilter(productIds, sql`product_id`)}`,
  );
  const result = await run(
    db,
    sql`
    with pairs as (
      select distinct region_id, product_id from catalog_offer_regions
      where import_id = ${importId} ${productFilter(productIds, sql`product_id`)}
    ), eff as (
      select p.region_id, o.product_id,
        coalesce(r.price, o.price) as price,
        coalesce(r.old_price, o.old_price) as old_price,
        coalesce(r.available, o.available) as available
      from pairs p
      join catalog_offers o on o.import_id = ${importId} and o.product_id = p.product_id
      left join catalog_offer_regions r
        on r.import_id = ${importId} and r.region_id = p.region_id and r.offer_id = o.id
    )
    insert into catalog_product_regions (import_id, region_id, product_id, price, old_price, available)
    select ${importId}, region_id, product_id,
      (array_agg(price order by available desc, price))[1],
      (array_agg(old_price order by available desc, price))[1],
      bool_or(available)
    from eff group by region_id, product_id`,
  );
  return result.count;
}

/**
 * After a partial update of offers' global price or availability: the named products' price, old
 * price and availability again follow their offers.
 */
export async function refreshProducts(
  db: Db | Tx,
  importId: number,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  await run(
    db,
    sql`
    with agg as (
      select product_id,
        (array_agg(price order by available desc, price, id))[1] as price,
        (array_agg(old_price order by available desc, price, id))[1] as old_price,
        bool_or(available) as available
      from catalog_offers
      where import_id = ${importId} and product_id = any(${arrayParam(productIds, 'text')})
      group by product_id
    )
    update catalog_products p set price = agg.price, old_price = agg.old_price,
      available = agg.available
    from agg where p.import_id = ${importId} and p.id = agg.product_id`,
  );
}

/** The regions with data in a site's live catalog. */
export async function liveRegions(db: Db | Tx, siteId: number): Promise<string[]> {
  const { rows } = await run<{ region_id: string }>(
    db,
    sql`select distinct r.region_id from catalog_product_regions r
        join catalogs c on c.import_id = r.import_id where c.site_id = ${siteId}
        order by r.region_id`,
  );
  return rows.map((row) => row.region_id);
}
