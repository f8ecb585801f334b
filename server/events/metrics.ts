/**
 * Every metric of a report call from the daily rollups: the numbers from event_daily
 * (definitions in metric-definitions.ts), the TOP lists from the query rollups (top-queries.ts).
 */
import { sql } from 'drizzle-orm';
import {
  LIST_METRICS,
  periodKey,
  type EventPlatform,
  type Metric,
  type QueryCount,
  type ReportCallPlatform,
} from '#contract/entities/metric.ts';
import { run } from '../platform/db/sql.ts';
import type { Db } from '../platform/db/client.ts';
import { daysBetween } from './day.ts';
import { DAILY_COLUMNS } from './ingest.ts';
import {
  emptyCounters,
  numericMetric,
  PLATFORMS,
  splitName,
  type Counters,
  type MetricRequest,
} from './metric-definitions.ts';
import { cachedTops } from './top-queries.ts';

export { PLATFORMS, type MetricRequest } from './metric-definitions.ts';
export { readLeaders } from './top-queries.ts';

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
