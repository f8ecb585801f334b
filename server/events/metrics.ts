import { sql, type SQL } from 'drizzle-orm';
import {
  LIST_METRICS,
  periodKey,
  type BaseMetric,
  type EventPlatform,
  type Metric,
  type MetricName,
  type MetricType,
  type QueryCount,
  type ReportCallPlatform,
} from '#contract/entities/metric.ts';
import { run } from '../platform/db/sql.ts';
import type { Db } from '../platform/db/client.ts';
import { coverPeriod, daysBetween } from './day.ts';
import { DAILY_COLUMNS, QUERY_COLUMN } from './ingest.ts';

export interface MetricRequest {
  siteId: number;
  names: readonly MetricName[];
  from: string;
  to: string;
  /** Applies to the names without a MOBILE_ / DESKTOP_ prefix; a prefix wins. */
  platform: ReportCallPlatform;
  /** Length of the TOP_* lists. */
  limit: number;
  type: MetricType;
}

type Column = (typeof DAILY_COLUMNS)[number];
type Counters = Record<Column, number>;

export const PLATFORMS: Record<ReportCallPlatform, readonly EventPlatform[]> = {
  ALL: ['MOBILE', 'DESKTOP', 'APP'],
  MOBILE: ['MOBILE', 'APP'],
  DESKTOP: ['DESKTOP'],
  'MOBILE APP': ['APP'],
};

export function splitName(
  name: MetricName,
  platform: ReportCallPlatform,
): { base: BaseMetric; platform: ReportCallPlatform } {
  if (name.startsWith('MOBILE_'))
    return { base: name.slice('MOBILE_'.length) as BaseMetric, platform: 'MOBILE' };
  if (name.startsWith('DESKTOP_'))
    return { base: name.slice('DESKTOP_'.length) as BaseMetric, platform: 'DESKTOP' };
  return { base: name as BaseMetric, platform };
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const money = (value: number) => Math.round(value * 100) / 100;

/** The definitions of contract/entities/metric.ts over summed rollup counters. */
export function numericMetric(base: BaseMetric, c: Counters): number {
  const plainSessions = c.sessions - c.search_sessions;
  const plainOrders = c.orders - c.search_orders;
  const plainRevenue = c.revenue - c.search_revenue;
  const plainOrdered = c.ordered_sessions - c.search_ordered_sessions;
  switch (base) {
    case 'SEARCH_EVENTS_TOTAL':
      return c.searches;
    case 'ZERO_QUERIES_COUNT':
      return c.zero_searches;
    case 'CORRECTIONS_COUNT':
      return c.corrections;
    case 'SESSIONS_TOTAL':
      return c.sessions;
    case 'ORDERS_TOTAL':
      return c.orders;
    case 'REVENUE_TOTAL':
      return money(c.revenue);
    case 'CONVERSION':
      return ratio(c.ordered_sessions, c.sessions) * 100;
    case 'RPS':
      return ratio(c.revenue, c.sessions);
    case 'AOV':
      return ratio(c.revenue, c.orders);
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL':
      return c.search_sessions;
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL':
      return c.search_orders;
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE':
      return money(c.search_revenue);
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION':
      return ratio(c.search_ordered_sessions, c.search_sessions) * 100;
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS':
      return ratio(c.search_revenue, c.search_sessions);
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV':
      return ratio(c.search_revenue, c.search_orders);
    case 'WITHOUT_SEARCH_SESSIONS_TOTAL':
      return plainSessions;
    case 'WITHOUT_SEARCH_SESSIONS_ORDERS_TOTAL':
      return plainOrders;
    case 'WITHOUT_SEARCH_SESSIONS_REVENUE':
      return money(plainRevenue);
    case 'WITHOUT_SEARCH_SESSIONS_CONVERSION':
      return ratio(plainOrdered, plainSessions) * 100;
    case 'WITHOUT_SEARCH_SESSIONS_RPS':
      return ratio(plainRevenue, plainSessions);
    case 'WITHOUT_SEARCH_SESSIONS_AOV':
      return ratio(plainRevenue, plainOrders);
    case 'AUTOCOMPLETE_CLICKS_QUERIES':
      return c.ac_queries;
    case 'AUTOCOMPLETE_CLICKS_PRODUCTS':
      return c.ac_products;
    case 'AUTOCOMPLETE_CLICKS_CATEGORIES':
      return c.ac_categories;
    case 'AUTOCOMPLETE_CLICKS_HISTORY':
      return c.ac_history;
    case 'AUTOCOMPLETE_CLICKS_TAPS':
      return c.ac_taps;
    case 'AUTOCOMPLETE_CLICKS_BRANDS':
      return c.ac_brands;
    case 'VIEWS_TOTAL':
      return c.views;
    case 'ADD_TO_CART_TOTAL':
      return c.carts;
    case 'TOP_SEARCH_QUERIES':
    case 'TOP_ZERO_QUERIES':
      throw new Error(`${base} is a list`);
  }
}

const emptyCounters = (): Counters =>
  Object.fromEntries(DAILY_COLUMNS.map((column) => [column, 0])) as Counters;

interface DailyRow extends Counters {
  day: string;
  platform: EventPlatform;
}

async function readDaily(db: Db, siteId: number, from: string, to: string): Promise<DailyRow[]> {
  const columns = sql.raw(
    DAILY_COLUMNS.map((column) => `${column}::float8 as ${column}`).join(', '),
  );
  const { rows } = await run<DailyRow>(
    db,
    sql`select day::text as day, platform, ${columns} from event_daily
        where site_id = ${siteId} and day between ${from}::date and ${to}::date`,
  );
  return rows;
}

interface TopRow {
  list: 'TOP_SEARCH_QUERIES' | 'TOP_ZERO_QUERIES';
  day: string;
  name: string;
  count: number;
}

type TopList = TopRow['list'];
const TOP_LISTS: readonly TopList[] = ['TOP_SEARCH_QUERIES', 'TOP_ZERO_QUERIES'];
export type Cover = ReturnType<typeof coverPeriod>;

/** A list's count over the given platforms, e.g. `mobile + app` or `zero_desktop`. */
const listCount = (list: TopList, platforms: readonly EventPlatform[]) =>
  sql.raw(
    platforms
      .map((p) => `${list === 'TOP_ZERO_QUERIES' ? 'zero_' : ''}${QUERY_COLUMN[p]}`)
      .join(' + '),
  );

/** The rows of a period's pieces: its whole months and weeks pre-summed, the days at its edges. */
function coverPieces(siteId: number, cover: Cover): SQL[] {
  return [
    ...cover.days.map(
      (day) => sql`event_daily_queries where site_id = ${siteId} and day = ${day}::date`,
    ),
    ...cover.weeks.map(
      (start) =>
        sql`event_period_queries where site_id = ${siteId} and period = 'week' and start = ${start}::date`,
    ),
    ...cover.months.map(
      (start) =>
        sql`event_period_queries where site_id = ${siteId} and period = 'month' and start = ${start}::date`,
    ),
  ];
}

/** At least this many leaders of each piece (day, week, month) are read for a TOP list. */
const LEADERS_PER_PIECE = 50;

/**
 * One TOP list of a period from the leaders of its pieces (the threshold algorithm): the heads of
 * each day, week and month by the list's own count on the chosen platforms (an index read each:
 * ALL's indexes, or the platform's partial ones of migration 0039), their exact totals over the
 * whole period, and a bound: a query in no head of a piece counts there at most that head's last
 * count, so at most their sum in total. When the list's last entry counts more than the bound,
 * no other query can enter it and the answer is exact; otherwise (a flat distribution) it answers
 * null and the caller sums every row.
 */
export async function readLeaders(
  db: Db,
  request: MetricRequest,
  platforms: readonly EventPlatform[],
  cover: Cover,
  list: TopList,
): Promise<TopRow[] | null> {
  const pieces = coverPieces(request.siteId, cover);
  if (!pieces.length) return [];
  const heads = Math.max(LEADERS_PER_PIECE, 2 * request.limit);
  const count = listCount(list, platforms);
  const { rows } = await run<{ bound: number; name: string | null; count: number }>(
    db,
    sql`with heads as materialized (
          ${sql.join(
            pieces.map(
              (piece, i) =>
                sql`(select ${i}::int as piece, query_id, (${count}) as v from ${piece}
                      and (${count}) > 0 order by (${count}) desc limit ${heads})`,
            ),
            sql` union all `,
          )}
        ), bound as (
          select coalesce(sum(low), 0)::int as bound from (
            select min(v) as low from heads group by piece having count(*) >= ${heads}) b
        ), totals as (
          select query_id, sum(n)::int as count from (
            ${sql.join(
              pieces.map(
                (piece) =>
                  sql`(select query_id, (${count}) as n from ${piece}
                        and query_id in (select query_id from heads))`,
              ),
              sql` union all `,
            )}
          ) t group by query_id having sum(n) > 0
        )
        -- The bound comes back even when no candidate counts on these platforms.
        select b.bound, top.name, top.count from bound b left join lateral (
          select q.query as name, t.count from totals t join event_queries q on q.id = t.query_id
          order by t.count desc, q.query collate "C" limit ${request.limit}
        ) top on true
        order by top.count desc, top.name collate "C"`,
  );
  const bound = rows[0]?.bound ?? 0;
  const named = rows.filter((row): row is typeof row & { name: string } => row.name !== null);
  const last = named[request.limit - 1];
  if (bound > 0 && !(last && last.count > bound)) return null;
  return named.map(({ name, count }) => ({ list, day: '', name, count }));
}

/** Both TOP lists of a period, summing every query row of its pieces (one GROUP BY). */
async function readAllTops(
  db: Db,
  request: MetricRequest,
  platforms: readonly EventPlatform[],
  cover: Cover,
): Promise<TopRow[]> {
  const searches = listCount('TOP_SEARCH_QUERIES', platforms);
  const zero = listCount('TOP_ZERO_QUERIES', platforms);
  const pieces = coverPieces(request.siteId, cover);
  if (!pieces.length) return [];
  const { rows } = await run<TopRow>(
    db,
    sql`with g as (
          select query_id, sum(s)::int as s, sum(z)::int as z from (${sql.join(
            pieces.map(
              (piece) => sql`select query_id, ${searches} as s, ${zero} as z from ${piece}`,
            ),
            sql` union all `,
          )}) as pieces group by query_id
        ), top as (
          (select 'TOP_SEARCH_QUERIES' as list, query_id, s as count from g where s > 0
            order by s desc fetch first ${request.limit} rows with ties)
          union all
          (select 'TOP_ZERO_QUERIES', query_id, z from g where z > 0
            order by z desc fetch first ${request.limit} rows with ties)
        )
        select list, '' as day, q.query as name, count from (
          select top.*, q.query, row_number() over (
            partition by list order by count desc, q.query collate "C") as rank
          from top join event_queries q on q.id = top.query_id
        ) q where rank <= ${request.limit} order by list, rank`,
  );
  return rows;
}

/** Both TOP lists of one platform set. */
async function readTops(
  db: Db,
  request: MetricRequest,
  platforms: readonly EventPlatform[],
): Promise<TopRow[]> {
  if (request.type === 'AGG') {
    const cover = coverPeriod(request.from, request.to);
    const lists = await Promise.all(
      TOP_LISTS.map((list) => readLeaders(db, request, platforms, cover, list)),
    );
    if (lists.every((rows) => rows !== null)) return lists.flat();
    const every = await readAllTops(db, request, platforms, cover);
    return TOP_LISTS.flatMap((list, i) => lists[i] ?? every.filter((row) => row.list === list));
  }
  const searches = listCount('TOP_SEARCH_QUERIES', platforms);
  const zero = listCount('TOP_ZERO_QUERIES', platforms);
  const where = sql`site_id = ${request.siteId} and day between ${request.from}::date and ${request.to}::date`;
  const { rows } = await run<TopRow>(
    db,
    sql`with g as (
          select day::text as day, query_id, sum(${searches})::int as s, sum(${zero})::int as z
          from event_daily_queries where ${where} group by day, query_id
        ), named as (
          select g.*, q.query from g join event_queries q on q.id = g.query_id
        )
        select list, day, name, count from (
          select 'TOP_SEARCH_QUERIES' as list, day, query as name, s as count,
            row_number() over (partition by day order by s desc, query collate "C") as rank
          from named where s > 0
          union all
          select 'TOP_ZERO_QUERIES', day, query, z,
            row_number() over (partition by day order by z desc, query collate "C")
          from named where z > 0
        ) ranked where rank <= ${request.limit} order by list, day, rank`,
  );
  return rows;
}

/**
 * Concurrent identical reads share one query: the home screen sends its batches of the same
 * period at once, and each batch needs the same rollup rows.
 */
const inFlightByDb = new WeakMap<Db, Map<string, Promise<unknown>>>();
function shared<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  let inFlight = inFlightByDb.get(db);
  if (!inFlight) inFlightByDb.set(db, (inFlight = new Map()));
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const promise = read().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/**
 * TOP lists are the one costly read (a GROUP BY over every query row of the period). Each
 * process keeps recent answers with the stamp of the period's event_daily rows (their count and
 * highest version: every write of a day's rollups takes a new version, in any process); an
 * answer is reused only while the stamp is unchanged. The stamp is read before the list, so a
 * write landing in between only causes a recomputation later, never a stale answer.
 */
const TOP_CACHE_SIZE = 256;
const topCacheByDb = new WeakMap<Db, Map<string, { stamp: string; rows: TopRow[] }>>();

async function rollupStamp(db: Db, request: MetricRequest): Promise<string> {
  const { rows } = await run<{ n: string | number; v: string | number | null }>(
    db,
    sql`select count(*) as n, max(version) as v from event_daily
        where site_id = ${request.siteId} and day between ${request.from}::date and ${request.to}::date`,
  );
  return `${rows[0]?.n ?? 0}:${rows[0]?.v ?? 0}`;
}

async function cachedTops(
  db: Db,
  request: MetricRequest,
  platform: ReportCallPlatform,
): Promise<TopRow[]> {
  let cache = topCacheByDb.get(db);
  if (!cache) topCacheByDb.set(db, (cache = new Map()));
  const key = `${request.siteId}|${request.from}|${request.to}|${platform}|${request.type}|${request.limit}`;
  const stamp = await rollupStamp(db, request);
  const hit = cache.get(key);
  if (hit?.stamp === stamp) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.rows;
  }
  const rows = await readTops(db, request, PLATFORMS[platform]);
  cache.set(key, { stamp, rows });
  if (cache.size > TOP_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return rows;
}

/**
 * Every metric of a report call, read from the daily rollups only: one scan of event_daily for
 * all the numeric names, one for both TOP lists (per platform).
 */
export async function computeMetrics(db: Db, request: MetricRequest): Promise<Metric[]> {
  const parts = request.names.map((name) => ({ name, ...splitName(name, request.platform) }));
  const numeric = parts.filter((part) => !LIST_METRICS.includes(part.base));
  const rows = numeric.length
    ? await shared(db, `daily|${request.siteId}|${request.from}|${request.to}`, () =>
        readDaily(db, request.siteId, request.from, request.to),
      )
    : [];
  const tops = (platform: ReportCallPlatform) =>
    shared(
      db,
      `top|${request.siteId}|${request.from}|${request.to}|${platform}|${request.type}|${request.limit}`,
      () => cachedTops(db, request, platform),
    );
  const days = request.type === 'DAILY' ? daysBetween(request.from, request.to) : [];
  const aggKey = periodKey(request.from, request.to);

  return Promise.all(
    parts.map(async (part): Promise<Metric> => {
      const platforms = PLATFORMS[part.platform];
      if (LIST_METRICS.includes(part.base)) {
        const top = (await tops(part.platform)).filter((row) => row.list === part.base);
        const value: Record<string, QueryCount[]> = {};
        if (request.type === 'AGG') value[aggKey] = top.map(({ name, count }) => ({ name, count }));
        else {
          for (const day of days) value[day] = [];
          for (const { day, name, count } of top) value[day]?.push({ name, count });
        }
        return { metricName: part.name, type: request.type, value };
      }
      const sums = new Map<string, Counters>();
      for (const row of rows) {
        if (!platforms.includes(row.platform)) continue;
        const key = request.type === 'AGG' ? aggKey : row.day;
        let counters = sums.get(key);
        if (!counters) sums.set(key, (counters = emptyCounters()));
        for (const column of DAILY_COLUMNS) counters[column] += Number(row[column]);
      }
      const keys = request.type === 'AGG' ? [aggKey] : days;
      const value = Object.fromEntries(
        keys.map((key) => [key, numericMetric(part.base, sums.get(key) ?? emptyCounters())]),
      );
      return { metricName: part.name, type: request.type, value };
    }),
  );
}
