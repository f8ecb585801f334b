/** The public recommendations (GET /public/recommendations): popular, same category, similar price. */
import { sql, type SQL } from 'drizzle-orm';
import type {
  RecommendationsParams,
  RecommendationsResponse,
} from '#contract/public/recommendations.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { run } from '../platform/db/sql.ts';
import { PRODUCT_COLUMNS, toProducts, type QueryDb } from '../search/common.ts';
import { checkValue } from '../search/limits.ts';
import { recsRules } from '../search/merchandising.ts';
import { regionalProducts } from '../search/regions.ts';
import { strategyRecommendations, type ServingOptions } from './query-strategies.ts';
import { rulesFor, servingContext, type ServingContext } from './serving-context.ts';
import { pageWithLookups } from './serving-page.ts';

/**
 * `context` is the call's import, widget, strategy and rules when a strategy falls back here (its
 * region and block are the call's): read once, in one statement (serving-context.ts).
 */
export async function recommendations(
  db: QueryDb,
  siteId: number,
  params: RecommendationsParams,
  merch: ServingOptions = {},
  context?: ServingContext,
): Promise<RecommendationsResponse> {
  const read = context ?? (await servingContext(db, siteId, params));
  const fromStrategies = await strategyRecommendations(
    db,
    siteId,
    params,
    read,
    (fixed) => recommendations(db, siteId, fixed, merch, read),
    merch,
  );
  if (fromStrategies) return fromStrategies;
  const answer: RecommendationsResponse = {
    strategy: params.strategy,
    blockId: params.blockId ?? null,
    totalHits: 0,
    products: [],
  };
  if (params.strategy !== 'popular' && !params.productId)
    throw new HttpError(400, `The ${params.strategy} strategy needs productId`);
  checkValue('productId', params.productId);
  checkValue('categoryId', params.categoryId);
  const importId = read.importId;
  if (importId === null) return answer;
  const products = await regionalProducts(db, importId, params.regionId);
  const conditions: SQL[] = [sql`p.import_id = ${importId}`];
  if (!params.showUnavailable) conditions.push(sql`p.available`);
  if (params.categoryId) conditions.push(sql`${params.categoryId} = any(p.category_path)`);
  // The page's own product is never recommended to itself, by any strategy (popular included:
  // it is also what a product-page block falls back to).
  if (params.productId) conditions.push(sql`p.id <> ${params.productId}`);
  let order = sql`p.popularity desc, p.id`;
  if (params.strategy !== 'popular') {
    const { rows } = await run<{ category_id: string; price: number }>(
      db,
      sql`select p.category_id, p.price from ${products} p where p.import_id = ${importId} and p.id = ${params.productId}`,
    );
    const product = rows[0];
    if (!product) throw new HttpError(404, `No product ${params.productId} in the catalog`);
    if (params.strategy === 'same_category') {
      conditions.push(sql`p.category_id = ${product.category_id}`);
    } else {
      conditions.push(sql`p.price between ${product.price * 0.7} and ${product.price * 1.3}`);
      order = sql`abs(p.price - ${product.price}), p.popularity desc, p.id`;
    }
  }
  const where = sql.join(conditions, sql` and `);
  // Recommendation rules (merchandising.ts) reorder, pin and filter the strategy's candidates
  // (it reads them itself: only when the context says one is live for this strategy).
  const ruled =
    merch.off || rulesFor(read, params.strategy).length === 0
      ? null
      : await recsRules(db, siteId, importId, params, where, order, products);
  merch.onFired?.(ruled?.fired ?? []);
  if (ruled)
    return {
      ...answer,
      totalHits: ruled.total,
      products: await toProducts(db, importId, ruled.rows, {
        withSku: params.withSku,
        regionId: params.regionId,
      }),
    };
  // The count, the page and its lookups in one statement (one round trip).
  const page = await pageWithLookups(db, importId, {
    count: sql`select count(*)::int from ${products} p where ${where}`,
    page: sql`select ${PRODUCT_COLUMNS} from ${products} p where ${where}
      order by ${order} limit ${params.size} offset ${params.offset}`,
    order,
  });
  return {
    ...answer,
    totalHits: page.total,
    products: await toProducts(db, importId, page.rows, {
      withSku: params.withSku,
      regionId: params.regionId,
      read: page.read,
    }),
  };
}
