import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { arrayParam } from '../platform/db/any.ts';
import { loadSettings } from '../search/site-settings.ts';
import type { CatalogParam } from '../platform/db/schema.ts';

/**
 * Per-region prices, availability and regional attributes. An offer's own columns are the global
 * region ('global'); `catalog_offer_regions` overrides price, old price or availability in a
 * region. A product's regional row is built from all its offers, each with its regional values
 * where it has them and its global ones where not — the same rule as the global product (the
 * cheapest available offer's price; available when any offer is). Its regional attribute values
 * are the union of its offers' in the region; the search then reads them in place of the global
 * values of those attributes (server/search/regions.ts).
 */

const productFilter = (productIds: readonly string[] | undefined, column: SQL) =>
  productIds ? sql`and ${column} = any(${arrayParam(productIds, 'text')})` : sql``;

/**
 * The names (lower-cased) of the site's regional attributes (search setting regionalAttributes):
 * a regional row's values of these are its region's, not the offer's everywhere.
 */
export async function regionalAttributeNames(db: Db | Tx, siteId: number): Promise<Set<string>> {
  const settings = await loadSettings(db, siteId);
  return new Set(settings.regionalAttributes.attributes.map((name) => name.toLowerCase()));
}

/**
 * After the regional attributes changed: the live catalog's regional values of attributes no
 * longer named are forgotten (the global values stand again there). Names added take effect from
 * the next feed load, which reads them.
 */
export async function keepRegionalAttributes(
  db: Db | Tx,
  siteId: number,
  names: readonly string[],
): Promise<void> {
  const kept = arrayParam(
    names.map((name) => name.toLowerCase()),
    'text',
  );
  for (const table of [sql.raw('catalog_offer_regions'), sql.raw('catalog_product_regions')])
    await run(
      db,
      sql`update ${table} r set params = nullif(
            (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(r.params) e
             where lower(e->>'name') = any(${kept})), '[]'::jsonb)
          from catalogs c
          where c.site_id = ${siteId} and r.import_id = c.import_id and r.params is not null`,
    );
}

/** A regional row's params: the regional attributes' (for its region), and the others. */
export function splitRegional(
  params: readonly CatalogParam[],
  regionalNames: ReadonlySet<string>,
): [regional: CatalogParam[], global: CatalogParam[]] {
  if (regionalNames.size === 0) return [[], [...params]];
  const regional: CatalogParam[] = [];
  const global: CatalogParam[] = [];
  for (const param of params)
    (regionalNames.has(param.name.toLowerCase()) ? regional : global).push(param);
  return [regional, global];
}

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
    , prm as (
      select r.region_id, r.product_id, jsonb_agg(distinct e) as params
      from catalog_offer_regions r cross join lateral jsonb_array_elements(r.params) e
      where r.import_id = ${importId} and r.params is not null
        ${productFilter(productIds, sql`r.product_id`)}
      group by r.region_id, r.product_id
    ), agg as (
      select region_id, product_id,
        (array_agg(price order by available desc, price))[1] as price,
        (array_agg(old_price order by available desc, price))[1] as old_price,
        bool_or(available) as available
      from eff group by region_id, product_id
    )
    insert into catalog_product_regions (import_id, region_id, product_id, price, old_price, available, params)
    select ${importId}, agg.region_id, agg.product_id, agg.price, agg.old_price, agg.available, prm.params
    from agg left join prm on prm.region_id = agg.region_id and prm.product_id = agg.product_id`,
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
