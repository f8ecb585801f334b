/** The public search (GET /public/search): match, correction, page, category prediction, facets. */
import { sql, type SQL } from 'drizzle-orm';
import {
  selectedFacetsOf,
  type SearchParams,
  type SearchResponse,
} from '#contract/public/search.ts';
import { run } from '../platform/db/sql.ts';
import {
  categoryMap,
  correct,
  count,
  filterCondition,
  matchCondition,
  PRODUCT_COLUMNS,
  scoreExpression,
  toProducts,
  type Matching,
  type ProductRow,
  type QueryDb,
} from './common.ts';
import { facets } from './facets.ts';
import { checkSearch } from './limits.ts';
import { customSortOrder, rankWeights, shapeAnswer, sortOptions } from './search-config.ts';
import { merchandisingPlan, notPinned, pinnedPage, type MerchOptions } from './merchandising.ts';
import { regionalProducts, servedRegion } from './regions.ts';
import { represent, representationOf } from './representatives.ts';
import { searchContent } from './content.ts';
import { rankingScore } from './ranking.ts';
import { firstPass, type FirstPass } from './first-pass.ts';
import type { AutocompleteCounts } from './autocomplete-counts.ts';
import { readsCatalogMemory, searchPath } from './search-path.ts';
import { matchingCut, nearestQueries } from './thresholds.ts';
import { readLiveSearch, type LiveSearch } from './profile.ts';
import { understandWithLists, type Channel, type Understood } from './understanding.ts';
import { normaliseTerm, wordsOf } from '#contract/text.ts';

export async function search(
  db: QueryDb,
  siteId: number,
  asked: SearchParams,
  /** Autocomplete searches with its own lists, and may pass the query it already understood. */
  options: {
    /** The site's live import and search profile, when the caller read them (profile.ts). */
    live?: LiveSearch;
    channel?: Channel;
    understood?: Understood;
    /**
     * Autocomplete's parts, counted in the first pass when it holds (first-pass.ts) into
     * `counted`; left null, the caller counts them itself.
     */
    suggestions?: { quantity: number; names: boolean; counted: AutocompleteCounts | null };
  } = {},
  merch: MerchOptions = { surface: 'search' },
): Promise<SearchResponse> {
  const filters = checkSearch(asked);
  const live = options.live ?? (await readLiveSearch(db, siteId));
  const { importId, profile } = live;
  // What the process keeps of the live catalog, where this path reads it (catalog-memory.ts).
  const memory = readsCatalogMemory() ? live.memory : undefined;
  // The mobile app's region counts only when it is one of the site's imshop regions.
  const params = { ...asked, regionId: servedRegion(profile.imshopRegions, asked) };
  const query = params.st.trim();
  const empty: SearchResponse = {
    query,
    correction: normaliseTerm(query),
    totalHits: 0,
    zeroQueries: true,
    offset: params.offset,
    size: params.size,
    products: [],
    facets: [],
    selectedFacets: selectedFacetsOf(params.filter),
    categoryPrediction: null,
    redirect: null,
  };
  if (importId === null) return empty;
  // The operators' query lists (understanding.ts): a black-listed query answers nothing.
  const understood =
    options.understood ??
    (await understandWithLists(
      db,
      importId,
      query,
      options.channel ?? 'search',
      profile.lists,
      memory,
    ));
  if (understood.blocked) return empty;
  const config = profile.settings;
  const thresholds = config['api-params'].thresholds;
  const ranking = rankingScore(siteId, profile.coefficients);
  let m: Matching = {
    importId,
    products: await regionalProducts(db, importId, params.regionId),
    st: query,
    words: understood.words,
    showUnavailable: params.showUnavailable,
    multiplier: params.unavailableMultiplier,
    rank: rankWeights(profile.applied),
    understanding: understood.understanding,
    cut: matchingCut(thresholds, ranking),
    names: memory && live.names,
    memory,
  };
  // The mobile app sorts by its own custom sorts (imshop), the web by the plain ones.
  const sortKind = params.platform === 'APP' ? 'imshop' : 'plain';
  const sorts = profile.sorts[sortKind];
  const customOrder = await customSortOrder(db, siteId, params.sort, {
    sorts,
    regionId: params.regionId,
  });
  // Merchandising (merchandising.ts): excludes and includes narrow every list, pins hold their
  // sockets, boosts rank first in the default order, a redirect is answered beside the results.
  const plan = await merchandisingPlan(db, siteId, query, merch);
  const shown = sql`${params.showUnavailable ? sql`true` : sql`p.available`} and ${filterCondition(filters)} and ${plan.where}`;
  const pins = params.sort === 'DEFAULT' ? plan.pins : [];
  const where = pins.length ? sql`${shown} and ${notPinned(plan)}` : shown;
  const orderOf = (matching: Matching, at: 'products' | 'hits') => {
    if (customOrder) return customOrder;
    if (params.sort === 'PRICE_ASC') return sql`p.available desc, p.price asc, p.id`;
    if (params.sort === 'PRICE_DESC') return sql`p.available desc, p.price desc, p.id`;
    if (params.sort === 'POPULARITY') return sql`p.available desc, p.popularity desc, p.id`;
    const boost = plan.boost && (at === 'hits' ? sql`p.boost` : plan.boost);
    const rank = ranking ? (at === 'hits' ? sql`p.rank` : ranking(matching)) : sql`score`;
    return sql`${boost ? sql`${boost} desc, ` : sql``}${rank} desc, p.popularity desc, p.id`;
  };
  // The one-pass path counts, pages and counts the facets in one statement (first-pass.ts); it
  // holds while the search goes on with the query it started with.
  let pass: FirstPass | null =
    searchPath() === 'one-pass' && !pins.length
      ? await firstPass(db, {
          from: m.products!,
          base: sql`p.import_id = ${importId} and ${matchCondition(m)} and ${params.showUnavailable ? sql`true` : sql`p.available`}`,
          merchandised: plan.where,
          score: scoreExpression(m),
          keys:
            params.sort === 'DEFAULT'
              ? [
                  ...(plan.boost ? [['boost', plan.boost] as [string, SQL]] : []),
                  ...(ranking ? [['rank', ranking(m)] as [string, SQL]] : []),
                ]
              : [],
          order: orderOf(m, 'hits'),
          orderReadsParams: customOrder !== null,
          filters,
          offset: params.offset,
          size: params.size,
          facets: params.withFacets ? { showUnavailable: params.showUnavailable } : null,
          suggestions: options.suggestions ?? null,
        })
      : null;
  let total = pass ? pass.total : await count(db, m, where);
  if (total === 0 && understood.understanding.brand) {
    pass = null;
    // The catalog has nothing of the detected brand: search its words as words.
    m = {
      ...m,
      words: understood.withBrandWords,
      understanding: { ...understood.understanding, brand: null },
    };
    total = await count(db, m, where);
  }
  let correction: string | null = null;
  if (params.withCorrection && m.words.length && total < 3) {
    const typed = m.words;
    const raw = await correct(db, importId, typed);
    // White-listed words pass through untouched by the correction.
    const corrected = raw?.map((word, index) =>
      understood.keep.has(typed[index]!) ? typed[index]! : word,
    );
    if (corrected && corrected.join(' ') !== typed.join(' ')) {
      const alternative = { ...m, words: corrected };
      const alternativeTotal = await count(db, alternative, where);
      if (alternativeTotal > total) {
        pass = null;
        m = alternative;
        total = alternativeTotal;
        correction = corrected.join(' ');
      }
    }
  }
  if (total === 0 && m.words.length && params.strategy.includes('zero_queries')) {
    // The zero-queries fallback (§5): the nearest query shoppers searched successfully.
    for (const near of await nearestQueries(db, siteId, query, thresholds.zeroQueries)) {
      const alternative = {
        ...m,
        words: wordsOf(near),
        understanding: { ...understood.understanding, brand: null },
      };
      const alternativeTotal = await count(db, alternative, where);
      if (alternativeTotal > 0) {
        pass = null;
        m = alternative;
        total = alternativeTotal;
        correction = near;
        break;
      }
    }
  }
  const order = orderOf(m, 'products');
  const organic = async (offset: number, limit: number) =>
    (
      await run<ProductRow>(
        db,
        sql`select ${PRODUCT_COLUMNS}, ${scoreExpression(m)} as score from ${m.products!} p
            where p.import_id = ${importId} and ${matchCondition(m)} and ${where}
            order by ${order} limit ${limit} offset ${offset}`,
      )
    ).rows;
  let rows: ProductRow[] = [];
  if (pass) {
    rows = pass.rows;
    if (options.suggestions) options.suggestions.counted = pass.suggestions;
  } else if (pins.length) {
    const paged = await pinnedPage(db, importId, plan, {
      from: m.products!,
      where: shown,
      organicTotal: total,
      offset: params.offset,
      size: params.size,
      organic,
    });
    rows = paged.rows;
    total = paged.total;
  } else if (params.size > 0 && total > params.offset) {
    rows = await organic(params.offset, params.size);
  }
  // The SKU the shopper asked for by its filters or words represents its group.
  rows = await represent(db, importId, rows, representationOf(config, filters, m.words), {
    settings: config,
    regionId: params.regionId,
  });
  const products = shapeAnswer(
    await toProducts(db, importId, rows, {
      withSku: params.withSku,
      fullData: params.fullData,
      regionId: params.regionId,
      memory,
    }),
    config,
    rows,
  );
  let categoryPrediction: SearchResponse['categoryPrediction'] = null;
  if (params.useCategoryPrediction && m.words.length && total > 0) {
    const { rows: top } = await run<{ id: string; n: number; all: number }>(
      db,
      sql`with hits as (
            select p.category_id from ${m.products!} p
            where p.import_id = ${importId} and ${matchCondition(m)} and ${where}
            order by ${scoreExpression(m)} desc limit 100)
          select category_id as id, count(*)::int as n, (select count(*) from hits)::int as all
          from hits group by category_id order by n desc, category_id limit 1`,
    );
    const best = top[0];
    // The classifier threshold (§5): the least share of the top hits the category must have.
    if (best && best.n / best.all >= thresholds.classifier) {
      const category = (await categoryMap(db, importId, [best.id], memory)).get(best.id);
      if (category)
        categoryPrediction = {
          id: best.id,
          name: category.name,
          path: category.pathNames,
          confidence: Math.round((best.n / best.all) * 100) / 100,
        };
    }
  }
  return {
    ...empty,
    ...(correction !== null && { correction }),
    totalHits: total,
    // Nothing matched as typed: the products are the corrected or relaxed query's, or none.
    zeroQueries: correction !== null || total === 0,
    products,
    facets: params.withFacets
      ? await facets(
          db,
          m,
          filters,
          params,
          profile.facetRules,
          { where: plan.where, pinned: pins.map((pin) => pin.id) },
          pass?.counts ?? undefined,
        )
      : [],
    categoryPrediction,
    ...(sorts.attributes.length && { sorts: sortOptions(sorts) }),
    redirect: plan.redirect && { url: plan.redirect.url, mobileUrl: plan.redirect.mobileUrl },
    ...(params.withContent && { contents: await searchContent(db, siteId, query) }),
  };
}
