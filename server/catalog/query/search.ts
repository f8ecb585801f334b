/** The public search (GET /public/search): match, correction, page, category prediction, facets. */
import { sql } from 'drizzle-orm';
import type { SearchParams, SearchResponse } from '#contract/public/search.ts';
import { wordsOf } from '../yml-import.ts';
import { run } from '../sql.ts';
import {
  categoryMap,
  correct,
  count,
  filterCondition,
  liveImport,
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
import {
  customSortOrder,
  facetRules,
  loadSettings,
  loadSorts,
  rankWeights,
  shapeAnswer,
  sortOptions,
} from './search-config.ts';

export async function search(
  db: QueryDb,
  siteId: number,
  params: SearchParams,
): Promise<SearchResponse> {
  const filters = checkSearch(params);
  const query = params.st.trim();
  const empty: SearchResponse = {
    query,
    correction: null,
    total: 0,
    offset: params.offset,
    size: params.size,
    products: [],
    facets: [],
    categoryPrediction: null,
    redirect: null,
  };
  const importId = await liveImport(db, siteId);
  if (importId === null) return empty;
  let m: Matching = {
    importId,
    st: query,
    words: wordsOf(query),
    showUnavailable: params.showUnavailable,
    multiplier: params.unavailableMultiplier,
    rank: await rankWeights(db, siteId),
  };
  const config = await loadSettings(db, siteId);
  const sorts = await loadSorts(db, siteId, 'plain');
  const customOrder = await customSortOrder(db, siteId, params.sort);
  const where = sql`${params.showUnavailable ? sql`true` : sql`p.available`} and ${filterCondition(filters)}`;
  let total = await count(db, m, where);
  let correction: string | null = null;
  if (params.withCorrection && m.words.length && total < 3) {
    const corrected = await correct(db, importId, m.words);
    if (corrected) {
      const alternative = { ...m, words: corrected };
      const alternativeTotal = await count(db, alternative, where);
      if (alternativeTotal > total) {
        m = alternative;
        total = alternativeTotal;
        correction = corrected.join(' ');
      }
    }
  }
  const order = customOrder
    ? customOrder
    : params.sort === 'PRICE_ASC'
      ? sql`p.available desc, p.price asc, p.id`
      : params.sort === 'PRICE_DESC'
        ? sql`p.available desc, p.price desc, p.id`
        : params.sort === 'POPULARITY'
          ? sql`p.available desc, p.popularity desc, p.id`
          : sql`score desc, p.popularity desc, p.id`;
  const rows =
    params.size > 0 && total > params.offset
      ? (
          await run<ProductRow>(
            db,
            sql`select ${PRODUCT_COLUMNS}, ${scoreExpression(m)} as score from catalog_products p
                where p.import_id = ${importId} and ${matchCondition(m)} and ${where}
                order by ${order} limit ${params.size} offset ${params.offset}`,
          )
        ).rows
      : [];
  const products = shapeAnswer(
    await toProducts(db, importId, rows, {
      withSku: params.withSku,
      fullData: params.fullData,
    }),
    config,
    rows,
  );
  let categoryPrediction: SearchResponse['categoryPrediction'] = null;
  if (params.useCategoryPrediction && m.words.length && total > 0) {
    const { rows: top } = await run<{ id: string; n: number; all: number }>(
      db,
      sql`with hits as (
            select p.category_id from catalog_products p
            where p.import_id = ${importId} and ${matchCondition(m)} and ${where}
            order by ${scoreExpression(m)} desc limit 100)
          select category_id as id, count(*)::int as n, (select count(*) from hits)::int as all
          from hits group by category_id order by n desc, category_id limit 1`,
    );
    const best = top[0];
    if (best && best.n / best.all >= config['api-params'].thresholds.classifier) {
      const category = (await categoryMap(db, importId, [best.id])).get(best.id);
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
    correction,
    total,
    products,
    facets: params.withFacets
      ? await facets(db, m, filters, params, await facetRules(db, siteId))
      : [],
    categoryPrediction,
    ...(sorts.attributes.length && { sorts: sortOptions(sorts) }),
  };
}
