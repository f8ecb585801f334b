/**
 * Recommendations from the site's strategies: `strategy` names one of the site's
 * strategies by hash, or a catalogue model (the site's first enabled strategy of it); `widgetId`
 * or `placement` name a widget, which names its strategy. Event- and catalog-built strategies
 * are served from their current revision's table, session ones from the shopper's session;
 * an unbuilt, disabled or empty answer falls back to popularity when the strategy says so.
 * The three fixed strategies (popular, same_category, similar_price) stay in recommendations.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FiredRule } from '#contract/entities/merchandising.ts';
import type {
  RecommendationsParams,
  RecommendationsResponse,
} from '#contract/public/recommendations.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { KIND } from '../events/codes.ts';
import { MODEL_BY_NAME, effectiveConfigs } from './models.ts';
import { run } from '../platform/db/sql.ts';
import { arr } from '../platform/db/sql-array.ts';
import { applyRecsRules, type Candidate } from '../search/merchandising.ts';
import { rulesFor, type RecsRuleRow, type ServingContext } from './serving-context.ts';
import { pageWithLookups } from './serving-page.ts';
import { sessionKnnScores } from './session-knn.ts';
import { sessionIndex, sessionKnnParams } from './session-knn-store.ts';
import { PRODUCT_COLUMNS, toProducts, type ProductRow, type QueryDb } from '../search/common.ts';
import type { Db } from '../platform/db/client.ts';

export const FIXED_STRATEGIES = new Set(['popular', 'same_category', 'similar_price']);

/** How a call is served beside its parameters. */
export interface ServingOptions {
  /** No recommendation rule applies (the console's comparison). */
  off?: boolean;
  /** Told the rules that changed the answer. */
  onFired?: (fired: FiredRule[]) => void;
  /**
   * Where a session index is loaded from when this process does not hold it: the process's own
   * database, outside the public call's bounded read (session-knn-store.ts). The call's own
   * database when absent.
   */
  indexDb?: Db;
}

/**
 * Answers from the site's strategies, or undefined when the call is for one of the fixed
 * strategies (then recommendations.ts answers as before). `context` is the call's one read of
 * its import, widget, strategy and rules (serving-context.ts).
 */
export async function strategyRecommendations(
  db: QueryDb,
  siteId: number,
  params: RecommendationsParams,
  context: ServingContext,
  fixed: (params: RecommendationsParams) => Promise<RecommendationsResponse>,
  merch: ServingOptions = {},
): Promise<RecommendationsResponse | undefined> {
  // A fixed strategy answers itself unless a widget is named, or claims the call's placement.
  if (
    FIXED_STRATEGIES.has(params.strategy) &&
    !params.widgetId &&
    !(params.placement && context.widgetFound)
  )
    return undefined;
  // An unknown widget id is an error; a placement no widget claims keeps the call's strategy.
  if (params.widgetId && !context.widgetFound)
    throw new HttpError(404, `No widget ${params.widgetId}`);
  const strategy = context.strategy;
  const popular = async () => ({
    ...(await fixed({ ...params, strategy: 'popular', widgetId: undefined, placement: undefined })),
    strategy: params.strategy,
  });
  if (!strategy) {
    const key = context.key;
    if (FIXED_STRATEGIES.has(key))
      return { ...(await fixed({ ...params, widgetId: undefined, placement: undefined })) };
    if (MODEL_BY_NAME.has(key)) return popular(); // a model the site has no enabled strategy of
    throw new HttpError(400, `Unknown strategy ${key}`);
  }
  if (!strategy.enabled) return popular();
  const model = MODEL_BY_NAME.get(strategy.model);
  if (!model) return popular();
  if (model.source === 'live')
    return {
      ...(await fixed({
        ...params,
        strategy: model.modelName,
        widgetId: undefined,
        placement: undefined,
      })),
      strategy: params.strategy,
    };
  const c = effectiveConfigs(model, strategy.configs);
  const importId = context.importId;
  const answer: RecommendationsResponse = {
    strategy: params.strategy,
    blockId: params.blockId ?? null,
    totalHits: 0,
    products: [],
  };
  if (importId === null) return answer;
  if (model.needsProduct && !params.productId)
    throw new HttpError(400, `The ${model.modelName} strategy needs productId`);

  const where: SQL[] = [sql`p.import_id = ${importId}`];
  if (!params.showUnavailable) where.push(sql`p.available`);
  if (params.categoryId) where.push(sql`${params.categoryId} = any(p.category_path)`);
  if (params.productId) where.push(sql`p.id <> ${params.productId}`);

  let scored: SQL;
  if (model.modelName === 'session_knn') {
    const session = await shopperSession(db, siteId, params);
    const index = await sessionIndex(merch.indexDb ?? db, siteId, strategy.hash, strategy.revision);
    const ranked = sessionKnnScores(
      index,
      session,
      sessionKnnParams(c),
      params.offset + params.size + RULES_WINDOW,
    );
    scored = sql`select * from unnest(${arr(ranked.map(([id]) => id))}::text[],
      ${arr(ranked.map(([, score]) => score))}::float8[]) as r(other_id, score)`;
    if (!c.bool('excludeCurrent')) where.pop();
  } else if (model.source === 'session') {
    const viewed = sql`(select e.product_id, max(e.at) as at from events e
        where e.site_id = ${siteId} and e.session_id = ${params.sessionId ?? ''}
          and e.kind in (${KIND.PRODUCT_VIEW}, ${KIND.ADD_TO_CART}) and e.product_id is not null
          and e.at >= now() - interval '1 day'
        group by e.product_id order by at desc limit 50)`;
    if (model.modelName === 'recently_viewed') {
      scored = sql`select v.product_id as other_id, extract(epoch from v.at)::float8 as score from ${viewed} v`;
      if (!c.bool('excludeCurrent')) where.pop();
    } else {
      const base = c.str('baseStrategy');
      scored = sql`select r.other_id, sum(r.score)::float8 as score
        from ${viewed} v join recs_strategies s on s.site_id = ${siteId} and s.hash = ${base}
        join recs_item_scores r on r.site_id = s.site_id and r.hash = s.hash
          and r.revision = s.revision and r.product_id = v.product_id
        where r.other_id not in (select product_id from ${viewed} w)
        group by r.other_id`;
    }
  } else {
    scored = sql`select r.other_id, r.score::float8 as score from recs_item_scores r
      where r.site_id = ${siteId} and r.hash = ${strategy.hash} and r.revision = ${strategy.revision}
        and r.product_id = ${model.needsProduct ? (params.productId ?? '') : ''}`;
  }
  const filter = sql.join(where, sql` and `);
  const rules = merch.off ? [] : rulesFor(context, params.strategy);
  if (rules.length) {
    const ruled = await withRules(db, importId, params, scored, filter, rules);
    merch.onFired?.(ruled.fired);
    return {
      ...answer,
      totalHits: ruled.total,
      products: await toProducts(db, importId, ruled.rows, {
        withSku: params.withSku,
        regionId: params.regionId,
      }),
    };
  }
  merch.onFired?.([]);
  const fallback = model.configs.some((d) => d.name === 'fallbackToPopular')
    ? c.bool('fallbackToPopular')
    : model.source !== 'session' || model.modelName === 'personal_session';
  // The count, the page and its lookups in one statement: the candidates that pass the filter
  // are joined to the catalog once, the page's columns read for its rows only.
  const page = await pageWithLookups(db, importId, {
    with: sql`c as materialized (
      select p.id, r.score from (${scored}) r join catalog_products p on p.id = r.other_id
      where ${filter})`,
    count: sql`select count(*)::int from c`,
    page: sql`select ${PRODUCT_COLUMNS}, c.score as rank_score
      from (select c.id, c.score from c order by c.score desc, c.id
            limit ${params.size} offset ${params.offset}) c
      join catalog_products p on p.import_id = ${importId} and p.id = c.id`,
    order: sql`p.rank_score desc, p.id`,
  });
  if (page.total === 0 && fallback) return popular();
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

/** How many of a strategy's candidates beyond the page the recommendation rules see. */
const RULES_WINDOW = 500;

/**
 * The page after the slot's recommendation rules (filter, pin, boost), as the fixed strategies
 * apply them: the strategy's best candidates in its order, the rules over them, pins from the
 * whole catalogue.
 */
async function withRules(
  db: QueryDb,
  importId: number,
  params: RecommendationsParams,
  scored: SQL,
  filter: SQL,
  rules: RecsRuleRow[],
): Promise<{ rows: ProductRow[]; total: number; fired: FiredRule[] }> {
  const window = params.offset + params.size + RULES_WINDOW;
  const candidates = await run<Candidate & { n: number }>(
    db,
    sql`select p.id, p.category_path, count(*) over ()::int as n
        from (${scored}) r join catalog_products p on p.id = r.other_id
        where ${filter} order by r.score desc, p.id limit ${window}`,
  );
  const pinIds = [
    ...new Set(rules.filter((r) => r.boost_type === 'PIN').flatMap((r) => r.product_ids)),
  ];
  const pins = pinIds.length
    ? await run<Candidate>(
        db,
        sql`select p.id, p.category_path from catalog_products p
            where p.import_id = ${importId} and p.id = any(${arr(pinIds)}::text[])
            ${params.showUnavailable ? sql`` : sql`and p.available`}
            ${params.productId ? sql`and p.id <> ${params.productId}` : sql``}`,
      )
    : { rows: [] };
  const { list, fired } = applyRecsRules(
    candidates.rows,
    rules,
    new Map(pins.rows.map((row) => [row.id, row])),
  );
  const beyond = Math.max(0, (candidates.rows[0]?.n ?? 0) - candidates.rows.length);
  const ids = list.slice(params.offset, params.offset + params.size).map((c) => c.id);
  const rows = ids.length
    ? (
        await run<ProductRow>(
          db,
          sql`select ${PRODUCT_COLUMNS} from catalog_products p
              where p.import_id = ${importId} and p.id = any(${arr(ids)}::text[])`,
        )
      ).rows
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: list.length + beyond, fired };
}

/**
 * The shopper's session as a session-aware strategy reads it, oldest view first: the views the
 * call passes, else the tracked session's views of the last day; then the page's product.
 */
async function shopperSession(
  db: QueryDb,
  siteId: number,
  params: RecommendationsParams,
): Promise<string[]> {
  let session = params.viewed ?? [];
  if (!params.viewed && params.sessionId) {
    const { rows } = await run<{ product_id: string }>(
      db,
      sql`select product_id from (
            select e.product_id, e.at, e.id from events e
            where e.site_id = ${siteId} and e.session_id = ${params.sessionId}
              and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
              and e.at >= now() - interval '1 day'
            order by e.at desc, e.id desc limit 50
          ) v order by v.at, v.id`,
    );
    session = rows.map((row) => row.product_id);
  }
  if (params.productId && session.at(-1) !== params.productId)
    session = [...session, params.productId];
  return session;
}
