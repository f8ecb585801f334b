import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';

/**
 * The stale-product deletion time (spec §3): an offer the new feed no longer lists is carried
 * into the new import as it was, until it has been missing for `hours`; then it goes. Without a
 * time set, missing offers go at once (and the bookkeeping is cleared). A dry run reads the
 * bookkeeping without writing it. Runs before the products are built; answers how many offers
 * were carried over.
 */
export async function carryStaleOffers(
  db: Db,
  entry: { siteId: number; importId: number; hours: number | null; dryRun: boolean },
): Promise<number> {
  const { siteId, importId, hours, dryRun } = entry;
  if (hours === null) {
    if (!dryRun) await run(db, sql`delete from feed_stale_offers where site_id = ${siteId}`);
    return 0;
  }
  const live = (
    await run<{ import_id: number }>(
      db,
      sql`select import_id from catalogs where site_id = ${siteId}`,
    )
  ).rows[0]?.import_id;
  if (live === undefined) return 0;
  const missing = sql`
    select o.* from catalog_offers o
    where o.import_id = ${live}
      and not exists (select 1 from catalog_offers n where n.import_id = ${importId} and n.id = o.id)`;
  if (!dryRun) {
    await run(
      db,
      sql`insert into feed_stale_offers (site_id, offer_id)
          select ${siteId}, m.id from (${missing}) m on conflict do nothing`,
    );
    await run(
      db,
      sql`delete from feed_stale_offers s where s.site_id = ${siteId}
          and exists (select 1 from catalog_offers n where n.import_id = ${importId} and n.id = s.offer_id)`,
    );
  }
  const carried = await run(
    db,
    sql`
    insert into catalog_offers (import_id, id, group_id, product_id, available, url, price, old_price,
      currency_id, category_id, pictures, name, vendor, vendor_code, description, params, popularity)
    select ${importId}, m.id, m.group_id, m.product_id, m.available, m.url, m.price, m.old_price,
      m.currency_id, m.category_id, m.pictures, m.name, m.vendor, m.vendor_code, m.description,
      m.params, m.popularity
    from (${missing}) m
    left join feed_stale_offers s on s.site_id = ${siteId} and s.offer_id = m.id
    where coalesce(s.missing_since, now()) > now() - make_interval(hours => ${hours})`,
  );
  if (carried.count > 0) {
    await run(
      db,
      sql`
      insert into catalog_categories (import_id, id, parent_id, name, url, path_ids, path_names)
      select ${importId}, c.id, c.parent_id, c.name, c.url, c.path_ids, c.path_names
      from catalog_categories c
      where c.import_id = ${live}
        and c.id in (select category_id from catalog_offers where import_id = ${importId})
        and not exists (select 1 from catalog_categories n where n.import_id = ${importId} and n.id = c.id)`,
    );
    await run(
      db,
      sql`
      insert into catalog_offer_regions (import_id, region_id, offer_id, product_id, price, old_price, available, params)
      select ${importId}, r.region_id, r.offer_id, r.product_id, r.price, r.old_price, r.available, r.params
      from catalog_offer_regions r
      join feed_stale_offers s on s.site_id = ${siteId} and s.offer_id = r.offer_id
      where r.import_id = ${live}
      on conflict do nothing`,
    );
  }
  if (!dryRun)
    await run(
      db,
      sql`delete from feed_stale_offers where site_id = ${siteId}
          and missing_since <= now() - make_interval(hours => ${hours})`,
    );
  return carried.count;
}
