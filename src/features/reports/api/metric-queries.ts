import { queryOptions } from '@tanstack/react-query';
import {
  periodKey,
  type Metric,
  type MetricName,
  type QueryCount,
  type ReportPlatform,
} from '#contract/entities/metric.ts';
import { aggregateReportRoute, dailyReportRoute } from '#contract/routes/reports.ts';
import { api, isAbort } from '#src/lib/api.ts';
import type { Period } from '../lib/period.ts';
import { reportKeys } from './keys.ts';

/** The API takes up to 5 metric names a call (spec §7). */
export const BATCH_SIZE = 5;

export function batches<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One period's aggregated values by metric name; a name the server left out is absent. */
export type AggValues = Partial<Record<MetricName, number | QueryCount[]>>;
/** Daily values by metric name, then by day. */
export type DailyValues = Partial<Record<MetricName, Record<string, number>>>;

interface FetchOptions {
  siteId: number;
  period: Period;
  platform: ReportPlatform;
  names: readonly MetricName[];
  signal?: AbortSignal;
  /** Length of the TOP_* lists. */
  limit?: number;
}

/** Batches of 5 names, all in parallel; one failed batch fails the whole period. */
async function fetchMetrics(
  route: typeof aggregateReportRoute | typeof dailyReportRoute,
  { siteId, period, platform, names, signal, limit }: FetchOptions,
): Promise<Metric[]> {
  const answers = await Promise.all(
    batches(names).map((batch) =>
      api(
        route,
        {
          params: { id: siteId },
          query: {
            name: batch.join(','),
            from: period.from,
            to: period.to,
            platform,
            ...(limit ? { limit } : {}),
          },
          signal,
        },
        { overlay: true },
      ),
    ),
  );
  return answers.flat();
}

export async function fetchAgg(options: FetchOptions): Promise<AggValues> {
  const key = periodKey(options.period.from, options.period.to);
  const values: AggValues = {};
  for (const metric of await fetchMetrics(aggregateReportRoute, options)) {
    const value = metric.value[key];
    if (value !== undefined) values[metric.metricName] = value;
  }
  return values;
}

export async function fetchDaily(options: FetchOptions): Promise<DailyValues> {
  const values: DailyValues = {};
  for (const metric of await fetchMetrics(dailyReportRoute, options)) {
    const days: Record<string, number> = {};
    for (const [day, value] of Object.entries(metric.value))
      if (typeof value === 'number') days[day] = value;
    values[metric.metricName] = days;
  }
  return values;
}

type QueryArgs = Omit<FetchOptions, 'signal'>;

/** Calls `onFailure` when the load fails (not when it is cancelled), then rethrows. */
async function reporting<T>(
  load: Promise<T>,
  signal: AbortSignal,
  onFailure: (() => void) | undefined,
): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (!isAbort(error) && !signal.aborted) onFailure?.();
    throw error;
  }
}

export const aggMetricsQueryOptions = (args: QueryArgs, onFailure?: () => void) =>
  queryOptions({
    queryKey: reportKeys.agg(args.siteId, args.platform, args.period, args.names),
    queryFn: ({ signal }) => reporting(fetchAgg({ ...args, signal }), signal, onFailure),
    // A failed period is cleared on screen (spec §8); asking again would only delay that.
    retry: false,
  });

export const dailyMetricsQueryOptions = (args: QueryArgs) =>
  queryOptions({
    queryKey: reportKeys.daily(args.siteId, args.platform, args.period, args.names),
    queryFn: ({ signal }) => fetchDaily({ ...args, signal }),
    retry: false,
  });
