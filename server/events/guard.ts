import { sql } from 'drizzle-orm';
import type { StorefrontEvent } from '#contract/public/events.ts';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { KIND } from './codes.ts';
import type { EventRow } from './ingest.ts';
import { arr } from '../platform/db/sql-array.ts';

/**
 * Defences of the report data against forged storefront events. Timestamps: an
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
/** …once the site has at least this many orders in those 28 days… */
export const OUTLIER_MIN_ORDERS = 100;
/** …and before that, above this many times its catalog's highest price. */
export const CATALOG_OUTLIER_FACTOR = 50;

interface Bound {
  day: string;
  bound: number | null;
}
const boundCache = new WeakMap<object, Map<number, Bound>>();

/**
 * The outlier bound of a site's orders on `now`'s UTC day (event_order_baselines): fixed by the
 * first order of the day from what came before the day, so the orders arriving that day (an
 * attacker's included) cannot raise it. From OUTLIER_MIN_ORDERS orders in the 28 days before,
 * OUTLIER_FACTOR × their p99; before that, CATALOG_OUTLIER_FACTOR × the catalog's highest price;
 * with neither, none (not stored: the next order looks again). Cached per process for the day.
 */
async function orderBound(tx: Db | Tx, cacheKey: object, siteId: number, now: Date) {
  let cache = boundCache.get(cacheKey);
  if (!cache) boundCache.set(cacheKey, (cache = new Map()));
  const day = now.toISOString().slice(0, 10);
  const hit = cache.get(siteId);
  if (hit?.day === day) return hit.bound;
  const stored = async () =>
    (
      await run<{ bound: string }>(
        tx,
        sql`select bound from event_order_baselines where site_id = ${siteId} and day = ${day}`,
      )
    ).rows[0];
  let row = await stored();
  if (!row) {
    const dayStart = `${day}T00:00:00Z`;
    const { rows } = await run<{ n: string | number; p99: string | number | null }>(
      tx,
      sql`select count(*) as n, percentile_cont(0.99) within group (order by revenue) as p99
          from events
          where site_id = ${siteId} and kind = ${KIND.ORDER}
            and at >= ${dayStart}::timestamptz - interval '28 days'
            and at < ${dayStart}::timestamptz`,
    );
    const orders = Number(rows[0]?.n ?? 0);
    const p99 = rows[0]?.p99 === null || rows[0]?.p99 === undefined ? null : Number(rows[0].p99);
    let bound: number | null = null;
    let source = 'orders';
    if (orders >= OUTLIER_MIN_ORDERS && p99 !== null) bound = p99 * OUTLIER_FACTOR;
    else {
      const { rows: top } = await run<{ price: string | number | null }>(
        tx,
        sql`select max(p.price) as price from catalogs c
            join catalog_products p on p.import_id = c.import_id where c.site_id = ${siteId}`,
      );
      const price =
        top[0]?.price === null || top[0]?.price === undefined ? null : Number(top[0].price);
      if (price !== null && price > 0) {
        bound = price * CATALOG_OUTLIER_FACTOR;
        source = 'catalog';
      }
    }
    if (bound === null) return null;
    await run(
      tx,
      sql`insert into event_order_baselines (site_id, day, bound, source, orders)
          values (${siteId}, ${day}, ${bound.toFixed(2)}, ${source}, ${orders})
          on conflict (site_id, day) do nothing`,
    );
    // Another process may have fixed the day first: its bound is the day's.
    row = await stored();
  }
  const bound = row ? Number(row.bound) : null;
  cache.set(siteId, { day, bound });
  return bound;
}

/**
 * Moves the implausible orders of a batch to event_order_quarantine, in the caller's transaction
 * (which holds the site's event lock), and returns the rows to ingest. An order is implausible
 * above the site's cap (event_order_caps), or above the day's outlier bound (`orderBound`).
 * Quarantined orders never reach `events`, so they are in no rollup and no rebuild.
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
  const outlierBound = await orderBound(tx, cacheKey, siteId, now);

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
