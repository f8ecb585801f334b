import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FeedType } from '#contract/entities/site.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import {
  catalogCategories,
  catalogImports,
  catalogOfferRegions,
  catalogOffers,
  catalogs,
  catalogWords,
} from '../../platform/db/schema.ts';
import { createFeedRepository } from '../repository.ts';
import { FeedError } from './feed-source.ts';
import type { IndexSettings } from '#contract/entities/search-config.ts';
import { representativeOrder, shapeOffers, shapeProducts } from '../../search/search-config.ts';
import { mergeGinPendingLists, run } from '../../platform/db/sql.ts';
import { wordsOf } from '#contract/text.ts';
import {
  NO_CATEGORY,
  type CategoryInfo,
  type CategoryRow,
  type OfferRegion,
  type OfferRow,
} from './yml-parse.ts';

/** Rows per INSERT while staging (≈ 1000 offers × 17 columns stays under the 65 535 parameters). */
export const BATCH = 1000;

/** Starts a new, invisible import of the site; leftovers of earlier ones that never went live go. */
export async function createImport(
  db: Db,
  siteId: number,
  jobId: string | null,
  options: { keepOthers?: boolean } = {},
): Promise<number> {
  // A dry run (the feed checker) leaves the other imports (a held one waiting) alone.
  if (!options.keepOthers)
    await db
      .delete(catalogImports)
      .where(and(eq(catalogImports.siteId, siteId), ne(catalogImports.state, 'live')));
  const [created] = await db
    .insert(catalogImports)
    .values({ siteId, jobId })
    .returning({ id: catalogImports.id });
  return created!.id;
}

export async function discardImport(db: Db, importId: number): Promise<void> {
  await db.delete(catalogImports).where(eq(catalogImports.id, importId));
}

/** Buffers parsed rows and writes them in batches into the staged import. */
export function createStager(db: Db, importId: number) {
  let categoryRows: (typeof catalogCategories.$inferInsert)[] = [];
  let batch: (typeof catalogOffers.$inferInsert)[] = [];
  let regionBatch: (typeof catalogOfferRegions.$inferInsert)[] = [];
  const words = new Map<string, Set<string>>();
  return {
    categories(rows: CategoryRow[]) {
      for (const row of rows) categoryRows.push({ importId, ...row });
    },
    offer(row: OfferRow, category: CategoryInfo, regions: OfferRegion[] = []) {
      batch.push({ importId, ...row });
      for (const { params, ...region } of regions)
        regionBatch.push({
          importId,
          offerId: row.id,
          productId: row.productId,
          ...region,
          params: params.length ? params : null,
        });
      const text = `${row.name} ${row.vendor ?? ''} ${category.pathNames.join(' ')}`;
      for (const word of wordsOf(text)) {
        if (word.length < 2) continue;
        let set = words.get(word);
        if (!set) words.set(word, (set = new Set()));
        set.add(row.productId);
      }
    },
    get full() {
      return batch.length >= BATCH || categoryRows.length >= BATCH || regionBatch.length >= BATCH;
    },
    async flush() {
      if (categoryRows.length) {
        for (let i = 0; i < categoryRows.length; i += BATCH)
          await db.insert(catalogCategories).values(categoryRows.slice(i, i + BATCH));
        categoryRows = [];
      }
      if (batch.length) {
        const rows = batch;
        batch = [];
        await db.insert(catalogOffers).values(rows);
      }
      if (regionBatch.length) {
        const rows = regionBatch;
        regionBatch = [];
        // A region named twice for one offer: the last one counts.
        const unique = new Map(rows.map((row) => [`${row.regionId}\u0000${row.offerId}`, row]));
        await db
          .insert(catalogOfferRegions)
          .values([...unique.values()])
          .onConflictDoUpdate({
            target: [
              catalogOfferRegions.importId,
              catalogOfferRegions.regionId,
              catalogOfferRegions.offerId,
            ],
            set: {
              price: sql`excluded.price`,
              oldPrice: sql`excluded.old_price`,
              available: sql`excluded.available`,
              params: sql`excluded.params`,
            },
          });
      }
    },
    /** Words for corrections and suggestions. */
    async writeWords() {
      const wordRows = [...words].map(([word, set]) => ({ importId, word, products: set.size }));
      words.clear();
      for (let i = 0; i < wordRows.length; i += BATCH * 5)
        await db.insert(catalogWords).values(wordRows.slice(i, i + BATCH * 5));
    },
  };
}

/**
 * One product per group: the cheapest available offer represents it (name, price, pictures …);
 * params, stock and own categories are the union of all its offers'.
 */
export async function buildProducts(
  db: Db,
  importId: number,
  /** The index settings to build with; default: what the site's last rebuild applied. */
  settings?: IndexSettings | null,
): Promise<number> {
  const index = await shapeOffers(db, importId, settings);
  // Fresh statistics, or the planner guesses a nested loop over the staged offers.
  await run(db, sql`analyze catalog_offers`);
  await run(db, sql`analyze catalog_categories`);
  const result = await run(
    db,
    sql`
    with rep as (
      select distinct on (product_id) *
      from catalog_offers where import_id = ${importId}
      order by ${representativeOrder(index)}
    ), agg as (
      select product_id, bool_or(available) as available, count(*)::int as skus,
        max(popularity) as popularity, sum(quantity) as quantity
      from catalog_offers where import_id = ${importId} group by product_id
    ), prm as (
      select product_id, jsonb_agg(distinct e) as params,
        string_agg(distinct e->>'value', ' ') as params_text
      from catalog_offers o cross join lateral jsonb_array_elements(o.params) e
      where o.import_id = ${importId} group by product_id
    ), own as (
      -- Every offer's own categories, each once: the representative's first (its category_id
      -- leading), then the other offers' by offer id. The "no category" node only when no offer
      -- of the product has a known category.
      select product_id, array_agg(id order by rank) as ids
      from (
        select product_id, id, min(rank) as rank,
          bool_or(id <> ${NO_CATEGORY.id}) over (partition by product_id) as known
        from (
          select o.product_id, x.id,
            row_number() over (partition by o.product_id
              order by o.id <> rep.id, o.id, x.n) as rank
          from catalog_offers o
          join rep using (product_id)
          cross join lateral unnest(case when cardinality(o.category_ids) > 0 then o.category_ids
                                         else array[o.category_id] end) with ordinality as x(id, n)
          where o.import_id = ${importId}
        ) ranked
        group by product_id, id
      ) u
      where id <> ${NO_CATEGORY.id} or not known
      group by product_id
    )
    insert into catalog_products (import_id, id, name, url, vendor, vendor_code, description,
      price, old_price, currency_id, available, pictures, category_id, category_ids,
      category_path, category_names, params, params_text, popularity, sku_count, quantity)
    select rep.import_id, rep.product_id, rep.name, rep.url, rep.vendor, rep.vendor_code,
      rep.description, rep.price, rep.old_price, rep.currency_id, agg.available, rep.pictures,
      own.ids[1], own.ids, cat.path_ids, cat.path_names,
      coalesce(prm.params, '[]'::jsonb), coalesce(prm.params_text, ''), agg.popularity, agg.skus,
      agg.quantity
    from rep
    join agg using (product_id)
    join own using (product_id)
    left join prm using (product_id)
    -- The union of the paths of the product's own categories, root first, each id once: the
    -- first category's path, then what each next one adds.
    cross join lateral (
      select array_agg(u.id order by u.rank) as path_ids,
        string_agg(u.name, ' ' order by u.rank) as path_names
      from (
        select e.id, min(e.name) as name, min(mine.n * 10000 + e.n) as rank
        from unnest(own.ids) with ordinality as mine(id, n)
        join catalog_categories c on c.import_id = rep.import_id and c.id = mine.id
        cross join lateral unnest(c.path_ids, c.path_names) with ordinality as e(id, name, n)
        group by e.id
      ) u
    ) cat
    where cat.path_ids is not null
    -- Stored category by category: what one query matches (a kind of product) then sits in few
    -- pages, where in feed order it was spread over the whole table (the search reads a page for
    -- each matching product: at a million offers, from the disk cache).
    order by cat.path_ids, rep.name, rep.product_id`,
  );
  await shapeProducts(db, importId, index);
  // The public search's first queries plan on these: without statistics (PGlite never runs
  // autovacuum) the planner takes the import's whole product list for a few hundred rows.
  await run(db, sql`analyze catalog_products`);
  await mergeGinPendingLists(db, 'catalog_products');
  await mergeGinPendingLists(db, 'catalog_words');
  return result.count;
}

/** How much of the site's live catalog the staged import keeps: the live size and what would go. */
export async function compareWithLive(
  db: Db,
  siteId: number,
  importId: number,
): Promise<{ previous: number; removed: number }> {
  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
  if (!live) return { previous: 0, removed: 0 };
  const [counts] = (
    await run<{ previous: number; removed: number }>(
      db,
      sql`
      select count(*)::int as previous,
        (count(*) filter (where not exists (
          select 1 from catalog_offers n where n.import_id = ${importId} and n.id = o.id
        )))::int as removed
      from catalog_offers o where o.import_id = ${live.importId}`,
    )
  ).rows;
  return { previous: counts?.previous ?? 0, removed: counts?.removed ?? 0 };
}

/** The import a feed job of the site left for a confirmation (spec §3 "confirm"), if any. */
export async function findJobImport(db: Db, siteId: number, jobId: string) {
  const [held] = await db
    .select()
    .from(catalogImports)
    .where(and(eq(catalogImports.siteId, siteId), eq(catalogImports.jobId, jobId)));
  return held;
}

/** Makes an import the site's live catalog and drops the previous one, in one transaction. */
export async function applyImport(
  db: Db,
  siteId: number,
  importId: number,
  inTransaction?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, importId))
      .for('update');
    if (!target || target.siteId !== siteId) throw new FeedError('The import no longer exists');
    const [live] = await tx
      .select()
      .from(catalogs)
      .where(eq(catalogs.siteId, siteId))
      .for('update');
    await tx
      .insert(catalogs)
      .values({ siteId, importId })
      .onConflictDoUpdate({ target: catalogs.siteId, set: { importId, updatedAt: new Date() } });
    await tx.update(catalogImports).set({ state: 'live' }).where(eq(catalogImports.id, importId));
    if (live && live.importId !== importId)
      await tx.delete(catalogImports).where(inArray(catalogImports.id, [live.importId]));
    const feedType = (target.summary as { feedType?: FeedType } | null)?.feedType ?? 'YML';
    await createFeedRepository(db).record(tx, {
      siteId,
      feedType,
      regionId: 'global',
      offers: target.offers,
    });
    // The regions the feed gave prices or availability for have had an upload too.
    await tx.execute(sql`
      insert into feed_history (site_id, feed_type, region_id, offers)
      select ${siteId}, ${feedType}, region_id, count(*)::int
      from catalog_offer_regions where import_id = ${importId} group by region_id`);
    await inTransaction?.(tx);
  });
}
