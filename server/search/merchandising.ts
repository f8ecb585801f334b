/**
 * Merchandising at query time (spec part 2 §3 "Boost rule", "Redirect rule", "Recommendation
 * rule", "Custom model"): which rules a query or a recommendation slot fires, and what they do to
 * the storefront's answer. search.ts, autocomplete.ts and recommendations.ts call in here.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FiredRule } from '#contract/entities/merchandising.ts';
import type { RecommendationsParams } from '#contract/public/recommendations.ts';
import { arrayParam } from '../platform/db/any.ts';
import { wordsOf } from '#contract/text.ts';
import { run } from '../platform/db/sql.ts';
import { PRODUCT_COLUMNS, type ProductRow, type QueryDb } from './common.ts';

/** Where the products are shown: the rules' ranking (search) and autocomplete flags pick. */
export type MerchSurface = 'search' | 'autocomplete';

export interface MerchOptions {
  surface: MerchSurface;
  /** The preview's "without": no rule acts. */
  off?: boolean;
}

/** A query as rules compare it: lower case, ё → е, words only, single spaces. */
export function queryKey(text: string): string {
  return wordsOf(text).join(' ');
}

/** Every contiguous run of words of a key: what a partial-match rule's query may be. */
export function keyRuns(key: string): string[] {
  const words = key ? key.split(' ') : [];
  const runs = new Set<string>();
  for (let start = 0; start < words.length; start += 1)
    for (let end = start + 1; end <= Math.min(words.length, start + 8); end += 1)
      runs.add(words.slice(start, end).join(' '));
  return [...runs];
}

interface BoostRow {
  id: number;
  name: string;
  boost_type: string;
  query_keys: string[];
  full_match: boolean;
  weight: number;
  socket: number | null;
  multiplier: number;
  attribute: string | null;
  items: string[];
}

export interface MerchPlan {
  redirect: { id: number; name: string; url: string; mobileUrl: string | null } | null;
  /** Products pinned to 1-based positions, in the order they claim them. */
  pins: { id: string; position: number }[];
  /** Conditions every listed product must meet (excludes, includes), over `p`. */
  where: SQL;
  /** The rank tier of a product (boosts), to order by first; null when no rule boosts. */
  boost: SQL | null;
  fired: FiredRule[];
}

const NO_PLAN: MerchPlan = {
  redirect: null,
  pins: [],
  where: sql`true`,
  boost: null,
  fired: [],
};

const LIVE = sql`enabled and (start_at is null or start_at <= now()) and (end_at is null or end_at > now())`;

/** What the live rules of a site do to one query. */
export async function merchandisingPlan(
  db: QueryDb,
  siteId: number,
  query: string,
  options: MerchOptions,
): Promise<MerchPlan> {
  const key = queryKey(query);
  if (options.off || !key) return NO_PLAN;
  const runs = keyRuns(key);
  const flag = options.surface === 'autocomplete' ? sql`autocomplete` : sql`ranking`;
  // One statement for the three kinds of rule a query may fire.
  // The site is in the keys the index holds (migration 0031): no `site_id =` beside them, or a
  // planner without statistics reads the site's every rule through the site index instead.
  const { rows } = await run<{
    boosts: BoostRow[];
    redirects: { id: number; name: string | null; url: string; mobile_url: string | null }[];
    models: { id: number; name: string; product_id: string }[];
  }>(
    db,
    sql`select
      (select coalesce(json_agg(b order by b.weight * b.multiplier desc, b.id), '[]'::json) from (
         select id, name, boost_type, query_keys, full_match, weight, socket, multiplier,
           attribute, items
         from merch_boost_rules
         where merch_site_keys(site_id, query_keys) && merch_site_keys(${siteId}::int, ${arrayParam(runs, 'text')})
           and ${LIVE} and ${flag}) b) as boosts,
      (select coalesce(json_agg(r), '[]'::json) from (
         select id, name, url, mobile_url from merch_redirects
         where ${options.surface === 'search'} and site_id = ${siteId} and query_key = ${key}) r)
        as redirects,
      (select coalesce(json_agg(x order by x.id, x.position), '[]'::json) from (
         select m.id, m.name, e.product_id, e.position from custom_models m
         join custom_model_entries e on e.model_id = m.id
         where m.site_id = ${siteId} and m.enabled and e.query_key = ${key}) x) as models`,
  );
  const { boosts, redirects, models } = rows[0]!;
  const fired: FiredRule[] = [];
  const excludeIds: string[] = [];
  const excludeCategories: string[] = [];
  const includeCategories: string[] = [];
  const tiers: SQL[] = [];
  const pins: { id: string; position: number }[] = [];
  const taken = new Set<number>();
  const pinned = new Set<string>();
  const claim = (id: string, from: number) => {
    if (pinned.has(id)) return;
    let position = from;
    while (taken.has(position)) position += 1;
    taken.add(position);
    pinned.add(id);
    pins.push({ id, position });
  };
  for (const rule of boosts) {
    if (rule.full_match && !rule.query_keys.includes(key)) continue;
    fired.push({ kind: 'BOOSTING', id: rule.id, name: rule.name, type: rule.boost_type });
    const items = arrayParam(rule.items, 'text');
    const tier = rule.weight * rule.multiplier;
    switch (rule.boost_type) {
      case 'PRODUCTS':
        if (rule.socket !== null)
          rule.items.forEach((id, index) => claim(id, rule.socket! + index));
        else tiers.push(sql`(case when p.id = any(${items}) then ${tier}::float8 else 0 end)`);
        break;
      case 'PRODUCTS_EXCLUDE':
        excludeIds.push(...rule.items);
        break;
      case 'BRANDS':
        tiers.push(sql`(case when p.vendor = any(${items}) then ${tier}::float8 else 0 end)`);
        break;
      case 'ATTRIBUTES':
        tiers.push(
          sql`(case when exists (select 1 from jsonb_array_elements(p.params) e
               where e->>'name' = ${rule.attribute ?? ''} and e->>'value' = any(${items}))
               then ${tier}::float8 else 0 end)`,
        );
        break;
      case 'CATEGORIES_BOOST':
        tiers.push(sql`(case when p.category_path && ${items} then ${tier}::float8 else 0 end)`);
        break;
      case 'CATEGORIES_INCLUDE':
        includeCategories.push(...rule.items);
        break;
      case 'CATEGORIES_EXCLUDE':
        excludeCategories.push(...rule.items);
        break;
    }
  }
  // A custom model's list overrides the ranking: its products first, in its order.
  const model = models[0];
  if (model) {
    fired.push({ kind: 'CUSTOM_MODEL', id: model.id, name: model.name, type: 'CUSTOM_MODEL' });
    let next = 1;
    for (const row of models.filter((r) => r.id === model.id)) {
      while (taken.has(next)) next += 1;
      claim(row.product_id, next);
    }
  }
  const redirect = redirects[0];
  if (redirect)
    fired.push({
      kind: 'REDIRECT',
      id: redirect.id,
      name: redirect.name ?? redirect.url,
      type: 'REDIRECT',
    });
  const conditions: SQL[] = [];
  if (excludeIds.length) conditions.push(sql`p.id <> all(${arrayParam(excludeIds, 'text')})`);
  if (excludeCategories.length)
    conditions.push(sql`not (p.category_path && ${arrayParam(excludeCategories, 'text')})`);
  if (includeCategories.length)
    conditions.push(sql`p.category_path && ${arrayParam(includeCategories, 'text')}`);
  pins.sort((a, b) => a.position - b.position);
  return {
    redirect: redirect
      ? {
          id: redirect.id,
          name: redirect.name ?? '',
          url: redirect.url,
          mobileUrl: redirect.mobile_url,
        }
      : null,
    pins: pins.filter((pin) => !excludeIds.includes(pin.id)),
    where: conditions.length ? sql.join(conditions, sql` and `) : sql`true`,
    boost: tiers.length ? sql`(${sql.join(tiers, sql` + `)})` : null,
    fired,
  };
}

/** Pinned product ids, for the organic query to leave out. */
export function notPinned(plan: MerchPlan): SQL {
  return plan.pins.length
    ? sql`p.id <> all(${arrayParam(
        plan.pins.map((pin) => pin.id),
        'text',
      )})`
    : sql`true`;
}

/**
 * One page of results with the plan's pins in their sockets: the pinned products that exist and
 * pass `where` take their positions (or follow the organic list when it is shorter), the organic
 * rows fill the rest. Answers the page and the total with the pins counted.
 */
export async function pinnedPage(
  db: QueryDb,
  importId: number,
  plan: MerchPlan,
  page: {
    /** The products table, or the region's view of it (regions.ts). */
    from: SQL;
    where: SQL;
    organicTotal: number;
    offset: number;
    size: number;
    organic: (offset: number, limit: number) => Promise<ProductRow[]>;
  },
): Promise<{ rows: ProductRow[]; total: number }> {
  const ids = plan.pins.map((pin) => pin.id);
  const found = ids.length
    ? (
        await run<ProductRow>(
          db,
          sql`select ${PRODUCT_COLUMNS} from ${page.from} p
              where p.import_id = ${importId} and p.id = any(${arrayParam(ids, 'text')}) and ${page.where}`,
        )
      ).rows
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const placed: { index: number; row: ProductRow }[] = [];
  let last = -1;
  for (const pin of plan.pins) {
    const row = byId.get(pin.id);
    if (!row) continue;
    const index = Math.max(Math.min(pin.position - 1, page.organicTotal + placed.length), last + 1);
    placed.push({ index, row });
    last = index;
  }
  const total = page.organicTotal + placed.length;
  if (page.size === 0 || page.offset >= total) return { rows: [], total };
  const end = page.offset + page.size;
  const before = placed.filter((pin) => pin.index < page.offset).length;
  const inPage = placed.filter((pin) => pin.index >= page.offset && pin.index < end);
  const organicLimit = page.size - inPage.length;
  const organic =
    organicLimit > 0 && page.offset - before < page.organicTotal
      ? await page.organic(page.offset - before, organicLimit)
      : [];
  const rows: ProductRow[] = [];
  let next = 0;
  for (let index = page.offset; index < end; index += 1) {
    const pin = inPage.find((p) => p.index === index);
    if (pin) rows.push(pin.row);
    else if (next < organic.length) rows.push(organic[next++]!);
  }
  return { rows, total };
}

interface RecsRuleRow {
  id: number;
  name: string;
  priority: number;
  boost_type: 'HARD' | 'PIN' | 'FILTER';
  product_ids: string[];
  category_ids: string[];
}

/** The live recommendation rules for a slot, lowest priority first (the highest acts last). */
export async function recsRulesFor(
  db: QueryDb,
  siteId: number,
  params: Pick<RecommendationsParams, 'regionId' | 'blockId' | 'strategy'>,
): Promise<RecsRuleRow[]> {
  const { rows } = await run<RecsRuleRow>(
    db,
    sql`select id, name, priority, boost_type, product_ids, category_ids from merch_recs_rules
        where site_id = ${siteId} and start_at <= now() and (end_at is null or end_at > now())
          and (cardinality(region_ids) = 0 or ${params.regionId ?? 'global'} = any(region_ids))
          and (cardinality(placements) = 0 or ${params.blockId ?? ''} = any(placements))
          and (cardinality(strategies) = 0 or ${params.strategy} = any(strategies))
        order by priority asc, id asc`,
  );
  return rows;
}

export interface Candidate {
  id: string;
  category_path: string[];
}

/**
 * Applies recommendation rules to the strategy's candidates, in priority order: FILTER removes
 * the matching products, HARD moves them ahead of the others, PIN puts the rule's products
 * first in its order (`pinnable` are those that exist and may be shown).
 */
export function applyRecsRules(
  candidates: Candidate[],
  rules: RecsRuleRow[],
  pinnable: Map<string, Candidate>,
): { list: Candidate[]; fired: FiredRule[] } {
  let list = candidates;
  const fired: FiredRule[] = [];
  for (const rule of rules) {
    const products = new Set(rule.product_ids);
    const matches = (c: Candidate) =>
      products.has(c.id) || c.category_path.some((id) => rule.category_ids.includes(id));
    const before = list.map((c) => c.id).join();
    if (rule.boost_type === 'FILTER') list = list.filter((c) => !matches(c));
    else if (rule.boost_type === 'HARD')
      list = [...list.filter(matches), ...list.filter((c) => !matches(c))];
    else {
      const pins = rule.product_ids.flatMap((id) => {
        const c = pinnable.get(id);
        return c ? [c] : [];
      });
      const ids = new Set(pins.map((c) => c.id));
      list = [...pins, ...list.filter((c) => !ids.has(c.id))];
    }
    if (list.map((c) => c.id).join() !== before)
      fired.push({ kind: 'RECS', id: rule.id, name: rule.name, type: rule.boost_type });
  }
  return { list, fired };
}

/** How many of the strategy's candidates the rules see beyond the page asked for. */
const RECS_WINDOW = 500;

/**
 * The recommendations page with the slot's rules applied, or null when no rule is live for it
 * (the strategy's own page stands). `where` and `order` are the strategy's candidates.
 */
export async function recsRules(
  db: QueryDb,
  siteId: number,
  importId: number,
  params: RecommendationsParams,
  where: SQL,
  order: SQL,
  from: SQL = sql`catalog_products`,
): Promise<{ rows: ProductRow[]; total: number; fired: FiredRule[] } | null> {
  const rules = await recsRulesFor(db, siteId, params);
  if (!rules.length) return null;
  const window = params.offset + params.size + RECS_WINDOW;
  const candidates = await run<Candidate & { n: number }>(
    db,
    sql`select p.id, p.category_path, count(*) over ()::int as n from ${from} p
        where ${where} order by ${order} limit ${window}`,
  );
  const pinIds = [
    ...new Set(rules.filter((r) => r.boost_type === 'PIN').flatMap((r) => r.product_ids)),
  ];
  const shownPins = pinIds.length
    ? await run<Candidate>(
        db,
        sql`select p.id, p.category_path from ${from} p
            where p.import_id = ${importId} and p.id = any(${arrayParam(pinIds, 'text')})
            ${params.showUnavailable ? sql`` : sql`and p.available`}
            ${params.productId ? sql`and p.id <> ${params.productId}` : sql``}`,
      )
    : { rows: [] };
  const pinnable = new Map(shownPins.rows.map((row) => [row.id, row]));
  const { list, fired } = applyRecsRules(candidates.rows, rules, pinnable);
  const strategyTotal = candidates.rows[0]?.n ?? 0;
  const beyond = Math.max(0, strategyTotal - candidates.rows.length);
  const ids = list.slice(params.offset, params.offset + params.size).map((c) => c.id);
  const rows = ids.length
    ? (
        await run<ProductRow>(
          db,
          sql`select ${PRODUCT_COLUMNS} from ${from} p
              where p.import_id = ${importId} and p.id = any(${arrayParam(ids, 'text')})`,
        )
      ).rows
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total: list.length + beyond,
    fired,
  };
}
