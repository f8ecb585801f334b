import { sql } from 'drizzle-orm';
import type { StorefrontEvent } from '#contract/public/events.ts';
import { run } from '../catalog/sql.ts';
import type { Db, Tx } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { KIND } from './codes.ts';
import type { EventRow } from './ingest.ts';
import { arr } from './sql-array.ts';

/**
 * Defences of the report data against forged storefront events (issue 20.6). Timestamps: an
 * event may be at most `maxAgeHours` old and `skewSeconds` ahead of the server, else the whole
 * request is refused with a 400 naming the event (all or nothing, like any other bad event).
 */
export function checkEventTimes(
  batch: readonly Pick<StorefrontEvent, 'at'>[],
  now: Date,
  limits: { maxAgeHours: number; skewSeconds: number },
): void {
  const oldest = now.getTime() - limits.maxAgeHours * 3_600_000;
  const latest = now.getTime() + limits.skewSeconds * 1000;
  batch.forEach((event, index) => {
    if (!event.at) return;
    const at = Date.parse(event.at);
    const where = batch.length > 1 ? `events[${index}].at` : 'at';
    if (at < oldest)
      throw new HttpError(400, `${where}: older than ${limits.maxAgeHours} hours is not accepted`);
    if (at > latest)
      throw new HttpError(
        400,
        `${where}: more than ${limits.skewSeconds} s ahead of the server's clock`,
      );
  });
}

/** An order above this many times the site's 28-day p99 is an outlier… */
export const OUTLIER_FACTOR = 10;
/** …once the site has at least this many orders in those 28 days. */
export const OUTLIER_MIN_ORDERS = 100;
const P99_TTL_MS = 60_000;

interface OrderStats {
  orders: number;
  p99: number | null;
  readAt: number;
}
const statsCache = new WeakMap<object, Map<number, OrderStats>>();

/** The count and p99 of a site's orders of the last 28 days (a minute's cache per process). */
async function orderStats(tx: Db | Tx, cacheKey: object, siteId: number, now: Date) {
  let cache = statsCache.get(cacheKey);
  if (!cache) statsCache.set(cacheKey, (cache = new Map()));
  const hit = cache.get(siteId);
  if (hit && now.getTime() - hit.readAt < P99_TTL_MS) return hit;
  const { rows } = await run<{ n: string | number; p99: string | number | null }>(
    tx,
    sql`select count(*) as n, percentile_cont(0.99) within group (order by revenue) as p99
        from events
        where site_id = ${siteId} and kind = ${KIND.ORDER}
          and at >= ${new Date(now.getTime() - 28 * 86_400_000).toISOString()}::timestamptz`,
  );
  const stats: OrderStats = {
    orders: Number(rows[0]?.n ?? 0),
    p99: rows[0]?.p99 === null || rows[0]?.p99 === undefined ? null : Number(rows[0].p99),
    readAt: now.getTime(),
  };
  // Below the threshold the count is small and cheap to read again: no cache, so the first
  // batch that reaches it is already checked.
  if (stats.orders >= OUTLIER_MIN_ORDERS) cache.set(siteId, stats);
  return stats;
}

/** Forgets the cached order statistics of a site (tests; a cleared or replaced store). */
export function forgetOrderStats(cacheKey: object, siteId: number): void {
  statsCache.get(cacheKey)?.delete(siteId);
}

/**
 * Moves the implausible orders of a batch to event_order_quarantine, in the caller's transaction
 * (which holds the site's event lock), and returns the rows to ingest. An order is implausible
 * above the site's cap (event_order_caps), or above OUTLIER_FACTOR × the p99 of the site's
 * orders of the last 28 days once there are OUTLIER_MIN_ORDERS of them. Quarantined orders never
 * reach `events`, so they are in no rollup and no rebuild.
 */
export async function quarantineOrders(
  tx: Db | Tx,
  cacheKey: object,
  siteId: number,
  rows: EventRow[],
  now: Date,
): Promise<{ kept: EventRow[]; quarantined: number }> {
  if (!rows.some((row) => row.kind === KIND.ORDER)) return { kept: rows, quarantined: 0 };
  const { rows: caps } = await run<{ cap: string }>(
    tx,
    sql`select cap from event_order_caps where site_id = ${siteId}`,
  );
  const cap = caps[0] ? Number(caps[0].cap) : null;
  const stats = await orderStats(tx, cacheKey, siteId, now);
  const outlierBound =
    stats.orders >= OUTLIER_MIN_ORDERS && stats.p99 !== null ? stats.p99 * OUTLIER_FACTOR : null;

  const kept: EventRow[] = [];
  const held: { row: EventRow; reason: 'cap' | 'outlier'; threshold: number }[] = [];
  for (const row of rows) {
    const revenue = row.kind === KIND.ORDER ? (row.revenue ?? 0) : null;
    if (revenue !== null && cap !== null && revenue > cap)
      held.push({ row, reason: 'cap', threshold: cap });
    else if (revenue !== null && outlierBound !== null && revenue > outlierBound)
      held.push({ row, reason: 'outlier', threshold: outlierBound });
    else kept.push(row);
  }
  if (held.length)
    await run(
      tx,
      sql`insert into event_order_quarantine
            (site_id, session_id, platform, at, day, revenue, items, reason, threshold)
          select ${siteId}, * from unnest(
            ${arr(held.map((h) => h.row.sessionId))}::text[],
            ${arr(held.map((h) => h.row.platform))}::smallint[],
            ${arr(held.map((h) => h.row.at.toISOString()))}::timestamptz[],
            ${arr(held.map((h) => h.row.day))}::date[],
            ${arr(held.map((h) => (h.row.revenue ?? 0).toFixed(2)))}::numeric[],
            ${arr(held.map((h) => h.row.items))}::int[],
            ${arr(held.map((h) => h.reason))}::text[],
            ${arr(held.map((h) => h.threshold.toFixed(2)))}::numeric[])`,
    );
  return { kept, quarantined: held.length };
}
