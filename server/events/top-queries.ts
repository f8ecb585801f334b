/**
 * The TOP_SEARCH_QUERIES and TOP_ZERO_QUERIES lists of a report call: from the leaders of the
 * period's pieces when that is exact, else by summing every query row; cached per process while
 * the period's rollups are unchanged.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EventPlatform, ReportCallPlatform } from '#contract/entities/metric.ts';
import { run } from '../platform/db/sql.ts';
import type { Db } from '../platform/db/client.ts';
import { coverPeriod } from './day.ts';
import { QUERY_COLUMN } from './ingest.ts';
import { PLATFORMS, type MetricRequest } from './metric-definitions.ts';

export interface TopRow {
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

export async function cachedTops(
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
