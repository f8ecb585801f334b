/**
 * The jobs of the search configuration:
 * - `search-index-rebuild` (the feed generation job): builds a copy of the site's live catalog with
 *   the current index settings beside the live one, then switches in one transaction. A killed
 *   or failed build leaves a staging import that nothing serves; the next build removes it.
 * - `facet-suggestions`: candidate facet attributes per category from the params' distributions.
 * - `autocomplete-suggestions`: the suggestion index from shoppers' searches and the catalog.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { normaliseTerm } from '#contract/text.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { siteLists, suggestionAllowed } from '../search/understanding.ts';
import { catalogImports, catalogs, jobs, searchIndexState } from '../platform/db/schema.ts';
import { buildProducts } from './intake/yml-store.ts';
import { indexPart, loadSettings } from '../search/search-config.ts';
import { mergeGinPendingLists, run } from '../platform/db/sql.ts';
import type { JobContext } from '../platform/jobs/runner.ts';

export const INDEX_JOB = 'search-index-rebuild';
export const FACET_JOB = 'facet-suggestions';
export const SUGGESTION_JOB = 'autocomplete-suggestions';

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Cancelled');
}

/** Staging imports of this site's earlier rebuilds that never went live (killed or failed). */
async function dropLeftovers(db: Db, siteId: number, jobId: string | null): Promise<void> {
  const leftovers = await db
    .select({ id: catalogImports.id })
    .from(catalogImports)
    .innerJoin(jobs, eq(jobs.id, catalogImports.jobId))
    .where(
      and(
        eq(catalogImports.siteId, siteId),
        ne(catalogImports.state, 'live'),
        eq(jobs.kind, INDEX_JOB),
        jobId ? ne(jobs.id, jobId) : sql`true`,
      ),
    );
  if (leftovers.length)
    await db.delete(catalogImports).where(
      inArray(
        catalogImports.id,
        leftovers.map((row) => row.id),
      ),
    );
}

export interface RebuildResult {
  importId: number;
  products: number;
  offers: number;
  previousImportId: number;
  /** How long the switch transaction held the live pointer (ms): all a search may wait for. */
  switchMs: number;
}

/**
 * Rebuilds the site's index with its current index settings. `afterStage` runs before the switch
 * (tests stop there to prove a half-built index is never served).
 */
export async function rebuildIndex(
  db: Db,
  siteId: number,
  options: {
    jobId: string | null;
    signal?: AbortSignal;
    progress?: (percent: number) => Promise<void>;
    afterStage?: () => Promise<void>;
  },
): Promise<RebuildResult> {
  const signal = options.signal ?? new AbortController().signal;
  const progress = options.progress ?? (async () => {});
  const settings = indexPart(await loadSettings(db, siteId));
  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
  if (!live) throw new Error('The site has no catalog yet: load its feed first');
  await dropLeftovers(db, siteId, options.jobId);
  const [source] = await db
    .select()
    .from(catalogImports)
    .where(eq(catalogImports.id, live.importId));
  const [created] = await db
    .insert(catalogImports)
    .values({
      siteId,
      jobId: options.jobId,
      state: 'staging',
      shop: source?.shop ?? null,
      currencies: source?.currencies ?? null,
      offers: source?.offers ?? 0,
      summary: source?.summary ?? null,
    })
    .returning({ id: catalogImports.id });
  const importId = created!.id;
  await progress(5);
  await run(
    db,
    sql`insert into catalog_categories (import_id, id, parent_id, name, url, path_ids, path_names)
        select ${importId}::bigint, id, parent_id, name, url, path_ids, path_names
        from catalog_categories where import_id = ${live.importId}`,
  );
  checkAborted(signal);
  await progress(15);
  // Offers as the feed gave them: their product is the feed's group (or the offer itself).
  const offers = await run(
    db,
    sql`insert into catalog_offers (import_id, id, group_id, product_id, available, url, price,
          old_price, currency_id, category_id, pictures, name, vendor, vendor_code, description,
          params, popularity)
        select ${importId}::bigint, id, group_id, coalesce(group_id, id), available, url, price, old_price,
          currency_id, category_id, pictures, name, vendor, vendor_code, description, params,
          popularity
        from catalog_offers where import_id = ${live.importId}`,
  );
  checkAborted(signal);
  await progress(40);
  const products = await buildProducts(db, importId, settings);
  checkAborted(signal);
  await progress(80);
  await run(
    db,
    sql`insert into catalog_words (import_id, word, products)
        select ${importId}::bigint, word, products from catalog_words where import_id = ${live.importId}`,
  );
  await mergeGinPendingLists(db, 'catalog_words');
  await run(db, sql`update catalog_imports set products = ${products} where id = ${importId}`);
  checkAborted(signal);
  await progress(90);
  await options.afterStage?.();
  checkAborted(signal);
  // The switch: the live pointer moves in one transaction; searches see the old or the new.
  const switchStarted = performance.now();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(catalogs)
      .where(eq(catalogs.siteId, siteId))
      .for('update');
    if (!current || current.importId !== live.importId)
      throw new Error('A feed import went live during the rebuild: start the rebuild again');
    await tx
      .update(catalogs)
      .set({ importId, updatedAt: new Date() })
      .where(eq(catalogs.siteId, siteId));
    await tx.update(catalogImports).set({ state: 'live' }).where(eq(catalogImports.id, importId));
    await tx.delete(catalogImports).where(eq(catalogImports.id, live.importId));
    await tx
      .insert(searchIndexState)
      .values({ siteId, applied: settings, importId, builtAt: new Date() })
      .onConflictDoUpdate({
        target: searchIndexState.siteId,
        set: { applied: settings, importId, builtAt: new Date() },
      });
  });
  return {
    importId,
    products,
    offers: offers.count,
    previousImportId: live.importId,
    switchMs: Math.round((performance.now() - switchStarted) * 10) / 10,
  };
}

export async function indexJob(context: JobContext): Promise<RebuildResult> {
  return rebuildIndex(context.db, context.job.siteId, {
    jobId: context.job.id,
    signal: context.signal,
    progress: context.progress,
  });
}

/**
 * Candidate facet attributes per category of the live catalog: for each category (its subtree's
 * products) and param, the coverage (share of products with it), distinct values, the parent's
 * coverage, and a score that favours attributes that cover the category, split it into a useful
 * number of values and set it apart from its parent. Applied and disabled ones keep their state.
 */
export async function computeFacetSuggestions(
  db: Db,
  siteId: number,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<{ categories: number; suggestions: number }> {
  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
  if (!live) throw new Error('The site has no catalog yet: load its feed first');
  await progress(10);
  const importId = live.importId;
  const result = await db.transaction(async (tx) => {
    await run(
      tx,
      sql`delete from facet_attributes where site_id = ${siteId} and state = 'SUGGESTED'`,
    );
    const inserted = await run(
      tx,
      sql`with cat as (
            select c.id, c.parent_id, count(p.id)::int as total
            from catalog_categories c join catalog_products p
              on p.import_id = c.import_id and c.id = any(p.category_path)
            where c.import_id = ${importId} group by c.id, c.parent_id
          ), val as (
            select c.id as category_id, e->>'name' as attribute, e->>'value' as value,
              count(distinct p.id)::int as n
            from catalog_categories c join catalog_products p
              on p.import_id = c.import_id and c.id = any(p.category_path)
            cross join lateral jsonb_array_elements(p.params) e
            where c.import_id = ${importId} group by 1, 2, 3
          ), attr as (
            select category_id, attribute, count(*)::int as distinct_values,
              (select count(distinct p.id) from catalog_products p
                 cross join lateral jsonb_array_elements(p.params) e
                 where p.import_id = ${importId} and val.category_id = any(p.category_path)
                   and e->>'name' = val.attribute)::int as products,
              (jsonb_agg(jsonb_build_object('value', value, 'count', n) order by n desc, value)
                 filter (where value is not null)) as top_values,
              bool_and(value ~ '^-?[0-9]+([.,][0-9]+)?$') as numeric
            from val group by category_id, attribute
          ), scored as (
            select a.*, cat.total, cat.parent_id,
              a.products::float8 / greatest(cat.total, 1) as coverage
            from attr a join cat on cat.id = a.category_id
          )
          insert into facet_attributes (site_id, category_id, attribute, state, data_type,
            products, coverage, parent_coverage, distinct_values, score, top_values)
          select ${siteId}::int, s.category_id, s.attribute, 'SUGGESTED',
            case when s.numeric and s.distinct_values > 10 then 'SLIDER'
                 when s.numeric then 'NUM_DISTINCT' else 'DISTINCT' end,
            s.products, s.coverage, parent.coverage, s.distinct_values,
            s.coverage * (case when s.distinct_values between 2 and 30 then 1
                               when s.distinct_values > 30 then 0.5 else 0.1 end)
              + abs(s.coverage - coalesce(parent.coverage, 0)) * 0.5,
            (select coalesce(jsonb_agg(x), '[]'::jsonb) from (
               select x from jsonb_array_elements(s.top_values) x limit 10) t)
          from scored s
          left join scored parent on parent.category_id = s.parent_id and parent.attribute = s.attribute
          where s.coverage >= 0.1 and s.distinct_values >= 2
          on conflict (site_id, category_id, attribute) do update set
            products = excluded.products, coverage = excluded.coverage,
            parent_coverage = excluded.parent_coverage, distinct_values = excluded.distinct_values,
            score = excluded.score, top_values = excluded.top_values, updated_at = now()`,
    );
    const [counts] = (
      await run<{ categories: number }>(
        tx,
        sql`select count(distinct category_id)::int as categories from facet_attributes where site_id = ${siteId}`,
      )
    ).rows;
    return { categories: counts?.categories ?? 0, suggestions: inserted.count };
  });
  await progress(95);
  return result;
}

export async function facetJob(context: JobContext) {
  return computeFacetSuggestions(context.db, context.job.siteId, context.progress);
}

/**
 * The site's autocomplete suggestions: its shoppers' searches of the last 180 days weighted by
 * frequency and recency (a search a month old counts e⁻¹), queries that mostly found nothing left
 * out, then the catalog's categories and brands below them. Replaced in one transaction.
 */
export async function buildSuggestions(
  db: Db,
  siteId: number,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<{
  queries: number;
  vocabulary: number;
  removed: number;
  synonyms: number;
  whiteList: number;
}> {
  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
  await progress(10);
  return db.transaction(async (tx) => {
    await run(tx, sql`delete from autocomplete_suggestions where site_id = ${siteId}`);
    const queries = await run(
      tx,
      sql`insert into autocomplete_suggestions (site_id, text, weight, searches, source)
          select ${siteId}::int, lower(trim(q.query)),
            sum((d.mobile + d.desktop + d.app) * exp(-(current_date - d.day) / 30.0)),
            sum(d.mobile + d.desktop + d.app)::int, 'query'
          from event_daily_queries d join event_queries q on q.id = d.query_id
          where d.site_id = ${siteId} and d.day > current_date - 180
            and length(trim(q.query)) between 2 and 100
          group by lower(trim(q.query))
          having sum(d.zero_mobile + d.zero_desktop + d.zero_app) * 2 < sum(d.mobile + d.desktop + d.app)`,
    );
    let vocabulary = 0;
    if (live) {
      const words = await run(
        tx,
        sql`insert into autocomplete_suggestions (site_id, text, weight, searches, source)
            select ${siteId}::int, lower(name), 0.01 * count(*), 0, 'category'
            from (select c.name from catalog_categories c join catalog_products p
                    on p.import_id = c.import_id and p.category_id = c.id
                  where c.import_id = ${live.importId}) t
            group by lower(name)
            union all
            select ${siteId}::int, lower(vendor), 0.01 * count(*), 0, 'brand'
            from catalog_products where import_id = ${live.importId} and vendor is not null
            group by lower(vendor)
            on conflict (site_id, text) do nothing`,
      );
      vocabulary = words.count;
    }
    const listed = await applyListsToSuggestions(tx, siteId, live?.importId ?? null);
    await progress(90);
    return { queries: queries.count, vocabulary, ...listed };
  });
}

/**
 * The operators' query lists on the built suggestions: the query exclusions and
 * both black lists remove suggestions (an exact query, or any suggestion with a black-listed
 * word); the synonyms (search and autocomplete) add each searched query's alternatives below it
 * (half its weight) so shoppers typing the other term meet it too; white-listed words the live
 * catalog knows join the vocabulary (operators vouch for their spelling).
 */
async function applyListsToSuggestions(
  tx: Tx,
  siteId: number,
  importId: number | null,
): Promise<{ removed: number; synonyms: number; whiteList: number }> {
  const lists = await siteLists(tx, siteId);
  const { rows } = await run<{ text: string; weight: number; source: string }>(
    tx,
    sql`select text, weight, source from autocomplete_suggestions where site_id = ${siteId}`,
  );
  const allowed = (text: string) =>
    !lists.blackQueries.has(normaliseTerm(text)) && suggestionAllowed(text, lists);
  const removed = rows.filter((row) => !allowed(row.text)).map((row) => row.text);
  for (let start = 0; start < removed.length; start += 1000)
    await run(
      tx,
      sql`delete from autocomplete_suggestions where site_id = ${siteId}
          and text = any(${arrayParam(removed.slice(start, start + 1000), 'text')})`,
    );
  const added = new Map<string, number>();
  for (const row of rows) {
    if (row.source !== 'query' || !allowed(row.text)) continue;
    const key = normaliseTerm(row.text);
    const alternatives = new Set([
      ...(lists.synonyms.get(key) ?? []),
      ...(lists.acSynonyms.get(key) ?? []),
    ]);
    for (const alternative of alternatives)
      if (allowed(alternative))
        added.set(alternative, Math.max(added.get(alternative) ?? 0, row.weight / 2));
  }
  let synonyms = 0;
  if (added.size)
    synonyms = (
      await run(
        tx,
        sql`insert into autocomplete_suggestions (site_id, text, weight, searches, source)
            select ${siteId}::int, t, w, 0, 'synonym'
            from unnest(${arrayParam([...added.keys()], 'text')}, ${arrayParam([...added.values()], 'float8')}) as x(t, w)
            on conflict (site_id, text) do nothing`,
      )
    ).count;
  let whiteList = 0;
  const white = [...lists.white].filter(allowed);
  if (importId !== null && white.length)
    whiteList = (
      await run(
        tx,
        sql`insert into autocomplete_suggestions (site_id, text, weight, searches, source)
            select ${siteId}::int, c.word, 0.01 * c.products, 0, 'white-list'
            from catalog_words c
            where c.import_id = ${importId} and c.word = any(${arrayParam(white, 'text')})
            on conflict (site_id, text) do nothing`,
      )
    ).count;
  return { removed: removed.length, synonyms, whiteList };
}

export async function suggestionJob(context: JobContext) {
  return buildSuggestions(context.db, context.job.siteId, context.progress);
}
