import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DeltaFeedSettings, FeedProblem, FeedType } from '#contract/entities/feeds.ts';
import { FeedError, type FeedSource } from './intake/feed-source.ts';
import {
  invalidDeltaPrice,
  rowChangesNothing,
  rowNoExternalId,
  storedProblem,
  unknownOffer,
  type FeedProblemText,
} from './intake/problems.ts';
import { run } from '../platform/db/sql.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db } from '../platform/db/client.ts';
import { catalogs, feedDeltaRows, type CatalogParam } from '../platform/db/schema.ts';
import {
  buildProductRegions,
  refreshProducts,
  regionalAttributeNames,
  splitRegional,
} from './regions.ts';
import { columnIndex, feedLines } from './table-source.ts';
import { stageDeltaRows, stagedParams } from './delta-stage.ts';

const MAX_PROBLEMS = 200;
const BATCH = 5000;
/** Regional rows a delta inserts beyond which the apply refreshes the table's statistics. */
const ANALYZE_AFTER = 1000;

export interface DeltaSummary {
  feedType: 'DELTA';
  regionId: string;
  applied: boolean;
  held: false;
  /** Data rows in the file. */
  total: number;
  /** Rows applied. */
  rows: number;
  skipped: number;
  problems: FeedProblem[];
  problemCount: number;
  /** Offers whose global price, availability or attributes changed. */
  offers: number;
  /** Regions the feed touched ('global' included when it had rows without a region). */
  regions: string[];
  bytes: number;
  seconds: number;
}

export interface DeltaOptions {
  siteId: number;
  jobId?: string | null;
  source: FeedSource;
  settings: DeltaFeedSettings;
  progress?: (percent: number) => Promise<void>;
  signal?: AbortSignal;
  /** Most data rows a delta feed may hold (FEED_MAX_OFFERS). */
  maxRows: number;
  /** The feed attributes: the params kept (null: all). */
  keepParams?: ((params: CatalogParam[]) => CatalogParam[]) | null;
  /** The feed checker: apply in a transaction that is rolled back. */
  dryRun?: boolean;
}

/** Thrown inside the apply transaction of a dry run to roll it back with its answer. */
class DryRunRollback extends Error {
  constructor(readonly value: { offers: number; dropped: number }) {
    super('dry run');
  }
}

function parsePrice(text: string): number | null | 'invalid' {
  if (text === '') return null;
  const value = Number(text.replace(',', '.').replace(/\s+/g, ''));
  return Number.isFinite(value) && value >= 0 ? value : 'invalid';
}

/**
 * The delta feed (spec §3): a CSV with the settings' delimiter whose columns are mapped by the
 * settings (external id, price, availability with its true-format, region) and whose other
 * columns are attributes (values split by the attribute delimiter). It updates the live catalog
 * in place: rows stream into `feed_delta_rows`, then one transaction applies them all — global
 * rows to the offers, regional rows to their region — and rebuilds the touched products. Bad rows
 * (no id, a bad price, an unknown offer) are reported with their line and skipped; a broken file
 * (missing id column, bad encoding, a line without end, too many rows, a cancel) changes nothing.
 */
export async function importDelta(db: Db, options: DeltaOptions): Promise<DeltaSummary> {
  const started = performance.now();
  const { settings } = options;
  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, options.siteId));
  if (!live)
    throw new FeedError('The site has no catalog yet: load its full feed before a delta feed');
  const batch = options.jobId ?? randomUUID();
  const regionalNames = await regionalAttributeNames(db, options.siteId);
  const problems: FeedProblem[] = [];
  let problemCount = 0;
  const problem = (line: number, text: FeedProblemText, id: string | null = null) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(storedProblem(line, text, id));
  };
  let bytes = 0;
  let lastReported = 0;
  let total = 0;
  let staged = 0;
  const regions = new Set<string>();
  try {
    let columns: {
      id: number;
      price: number;
      available: number;
      region: number;
      attributes: { index: number; name: string }[];
    } | null = null;
    let pending: (typeof feedDeltaRows.$inferInsert)[] = [];
    const flush = async () => {
      if (!pending.length) return;
      const rows = pending;
      pending = [];
      await stageDeltaRows(db, rows);
    };
    const trueFormat = settings.availabilityTrueFormat.trim().toLowerCase();
    for await (const { line, cells } of feedLines(options.source, {
      delimiter: settings.delimiter,
      encoding: 'utf-8',
      ...(options.signal && { signal: options.signal }),
      onBytes: (read) => (bytes = read),
    })) {
      if (!columns) {
        const id = columnIndex(cells, settings.externalIdColumn);
        if (id === -1)
          throw new FeedError(
            `The delta feed has no column "${settings.externalIdColumn}" (the external id column of the settings); its columns: ${cells.slice(0, 20).join(', ')}`,
            'invalid',
            { column: settings.externalIdColumn },
          );
        const price = columnIndex(cells, settings.priceColumn);
        const available = columnIndex(cells, settings.availabilityColumn);
        const region = columnIndex(cells, settings.regionExternalIdColumn);
        const mapped = new Set([id, price, available, region]);
        const attributes = cells
          .map((name, index) => ({ index, name: name.replace(/^\uFEFF/, '').trim() }))
          .filter(({ index, name }) => !mapped.has(index) && name !== '');
        if (price === -1 && available === -1 && attributes.length === 0)
          throw new FeedError(
            `The delta feed has neither the price column "${settings.priceColumn}", nor the availability column "${settings.availabilityColumn}", nor attribute columns`,
            'invalid',
          );
        columns = { id, price, available, region, attributes };
        continue;
      }
      total += 1;
      if (total > options.maxRows)
        throw new FeedError(
          `The delta feed has more than ${options.maxRows} rows (max offers count exceeded: FEED_MAX_OFFERS)`,
          'too-many-offers',
          { limit: options.maxRows },
        );
      const offerId = cells[columns.id] ?? '';
      if (!offerId) {
        problem(line, rowNoExternalId());
        continue;
      }
      const price = columns.price === -1 ? null : parsePrice(cells[columns.price] ?? '');
      if (price === 'invalid') {
        problem(line, invalidDeltaPrice(cells[columns.price] ?? ''), offerId);
        continue;
      }
      const availableCell = columns.available === -1 ? '' : (cells[columns.available] ?? '');
      const available = availableCell === '' ? null : availableCell.toLowerCase() === trueFormat;
      const regionId = (columns.region === -1 ? '' : (cells[columns.region] ?? '')) || 'global';
      let params: CatalogParam[] = [];
      for (const { index, name } of columns.attributes) {
        const cell = cells[index] ?? '';
        if (!cell) continue;
        for (const value of cell.split(settings.attributeDelimiter))
          if (value.trim()) params.push({ name, value: value.trim(), unit: null });
      }
      if (options.keepParams) params = options.keepParams(params);
      // A regional row's values of the regional attributes are the region's; its other attributes
      // are the offer's everywhere, as before.
      const [regionParams, globalParams] =
        regionId === 'global' ? [[], params] : splitRegional(params, regionalNames);
      if (price === null && available === null && params.length === 0) {
        problem(line, rowChangesNothing(), offerId);
        continue;
      }
      regions.add(regionId);
      pending.push({
        batch,
        line,
        offerId,
        regionId,
        price,
        available,
        params: stagedParams(globalParams),
        regionParams: stagedParams(regionParams),
      });
      staged += 1;
      if (pending.length >= BATCH) await flush();
      const size = options.source.size;
      if (options.progress && size && bytes - lastReported > size / 50) {
        lastReported = bytes;
        await options.progress((bytes / size) * 80);
      }
    }
    await flush();
    if (!columns) throw new FeedError('The delta feed is empty', 'empty');
    if (options.signal?.aborted) throw new FeedError('The import was cancelled', 'cancelled');
    await options.progress?.(85);
    const { offers, dropped } = await applyDeltaBatch(db, {
      siteId: options.siteId,
      importId: live.importId,
      batch,
      problem,
      dryRun: options.dryRun === true,
      feedType: 'DELTA',
    });
    const applied = staged - dropped;
    return {
      feedType: 'DELTA',
      regionId: 'global',
      applied: !options.dryRun,
      held: false,
      total,
      rows: applied,
      skipped: total - applied,
      problems: problems.sort((a, b) => a.line - b.line),
      problemCount,
      offers,
      regions: [...regions].sort(),
      bytes,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    };
  } finally {
    await db.delete(feedDeltaRows).where(eq(feedDeltaRows.batch, batch));
  }
}

/**
 * Applies staged `feed_delta_rows` to the site's live import in one transaction (rolled back for
 * a dry run); answers the offers changed and the rows dropped (unknown offers, reported).
 */
export async function applyDeltaBatch(
  db: Db,
  entry: {
    siteId: number;
    importId: number;
    batch: string;
    problem: (line: number, problem: FeedProblemText, id: string) => void;
    dryRun: boolean;
    /** The feed type its uploads are recorded under (DELTA, or YML/OZON for a regional feed). */
    feedType: FeedType;
  },
): Promise<{ offers: number; dropped: number }> {
  const { siteId, importId, batch, problem, dryRun, feedType } = entry;
  try {
    return await applyInTransaction(db, siteId, importId, batch, problem, dryRun, feedType);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.value;
    throw error;
  }
}

function applyInTransaction(
  db: Db,
  siteId: number,
  importId: number,
  batch: string,
  problem: (line: number, problem: FeedProblemText, id: string) => void,
  dryRun: boolean,
  feedType: FeedType,
): Promise<{ offers: number; dropped: number }> {
  return db.transaction(async (tx) => {
    // Rows naming an offer the catalog does not hold are reported and dropped.
    const unknown = await run<{ line: number; offer_id: string }>(
      tx,
      sql`delete from feed_delta_rows d where d.batch = ${batch}
          and not exists (select 1 from catalog_offers o where o.import_id = ${importId} and o.id = d.offer_id)
          returning d.line, d.offer_id`,
    );
    for (const row of unknown.rows.sort((a, b) => a.line - b.line))
      problem(row.line, unknownOffer(row.offer_id), row.offer_id);
    // A later row for the same offer and region wins.
    await run(
      tx,
      sql`delete from feed_delta_rows d where d.batch = ${batch} and exists (
            select 1 from feed_delta_rows l where l.batch = d.batch and l.offer_id = d.offer_id
              and l.region_id = d.region_id and l.line > d.line)`,
    );
    // Global rows: price and availability; attributes (not regional) from every row.
    const changed = await run<{ product_id: string; params_changed: boolean }>(
      tx,
      sql`
      with g as (
        select d.offer_id,
          (array_agg(d.price order by d.line desc) filter (where d.region_id = 'global' and d.price is not null))[1] as price,
          (array_agg(d.available order by d.line desc) filter (where d.region_id = 'global' and d.available is not null))[1] as available,
          (array_agg(d.params order by d.line desc) filter (where d.params is not null))[1] as params
        from feed_delta_rows d where d.batch = ${batch} group by d.offer_id
      ), flat as (
        select g.offer_id, g.price, g.available,
          (select jsonb_agg(jsonb_build_object('name', p->>'name', 'value', v, 'unit', null))
             from jsonb_array_elements(g.params) p cross join lateral jsonb_array_elements_text(p->'values') v) as params,
          (select array_agg(distinct p->>'name') from jsonb_array_elements(g.params) p) as names
        from g
      )
      update catalog_offers o set
        price = coalesce(f.price, o.price),
        available = coalesce(f.available, o.available),
        params = case when f.params is null then o.params else
          coalesce((select jsonb_agg(e) from jsonb_array_elements(o.params) e
                    where not (e->>'name' = any(f.names))), '[]'::jsonb) || f.params end
      from flat f
      where o.import_id = ${importId} and o.id = f.offer_id
        and (f.price is not null or f.available is not null or f.params is not null)
      returning o.product_id, (f.params is not null) as params_changed`,
    );
    // Regional rows.
    const regional = await run<{ product_id: string }>(
      tx,
      sql`
      insert into catalog_offer_regions (import_id, region_id, offer_id, product_id, price, available, params)
      select ${importId}, d.region_id, d.offer_id, o.product_id, d.price, d.available,
        (select jsonb_agg(jsonb_build_object('name', p->>'name', 'value', v, 'unit', null))
           from jsonb_array_elements(d.region_params) p
           cross join lateral jsonb_array_elements_text(p->'values') v)
      from feed_delta_rows d
      join catalog_offers o on o.import_id = ${importId} and o.id = d.offer_id
      where d.batch = ${batch} and d.region_id <> 'global'
        and (d.price is not null or d.available is not null or d.region_params is not null)
      on conflict (import_id, region_id, offer_id) do update set
        price = coalesce(excluded.price, catalog_offer_regions.price),
        available = coalesce(excluded.available, catalog_offer_regions.available),
        -- The attributes a row names replace the region's values of those; the others stay.
        params = case when excluded.params is null then catalog_offer_regions.params else
          coalesce((select jsonb_agg(e) from jsonb_array_elements(catalog_offer_regions.params) e
                    where not exists (select 1 from jsonb_array_elements(excluded.params) x
                                      where x->>'name' = e->>'name')), '[]'::jsonb)
          || excluded.params end
      returning product_id`,
    );
    // Many new regional rows: fresh statistics, or the rebuild below plans for an empty table
    // (nested loops over it: 15 s for 6 000 regional rows on PostgreSQL, ~2 s after).
    if (regional.rows.length >= ANALYZE_AFTER) await run(tx, sql`analyze catalog_offer_regions`);
    // Only what changed is rebuilt: the products of offers updated globally (their price and
    // availability; their params when the rows carried attributes) and regionally.
    const globally = [...new Set(changed.rows.map((row) => row.product_id))];
    const withParams = [
      ...new Set(changed.rows.filter((row) => row.params_changed).map((row) => row.product_id)),
    ];
    const products = [...new Set([...globally, ...regional.rows.map((row) => row.product_id)])];
    await refreshProducts(tx, importId, globally);
    if (withParams.length)
      await run(
        tx,
        sql`
      with prm as (
        select o.product_id, jsonb_agg(distinct e) as params,
          string_agg(distinct e->>'value', ' ') as params_text
        from catalog_offers o cross join lateral jsonb_array_elements(o.params) e
        where o.import_id = ${importId} and o.product_id = any(${arrayParam(withParams, 'text')})
        group by o.product_id
      )
      update catalog_products p set params = coalesce(prm.params, '[]'::jsonb),
        params_text = coalesce(prm.params_text, '')
      from unnest(${arrayParam(withParams, 'text')}) as t(id)
      left join prm on prm.product_id = t.id
      where p.import_id = ${importId} and p.id = t.id`,
      );
    await buildProductRegions(tx, importId, products);
    await run(
      tx,
      sql`insert into feed_history (site_id, feed_type, region_id, offers)
          select ${siteId}, ${feedType}, region_id, count(*)::int from feed_delta_rows
          where batch = ${batch} group by region_id`,
    );
    await run(tx, sql`update catalogs set updated_at = now() where site_id = ${siteId}`);
    const answer = { offers: changed.count, dropped: unknown.rows.length };
    if (dryRun) throw new DryRunRollback(answer);
    return answer;
  });
}
