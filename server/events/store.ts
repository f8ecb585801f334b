import { eq, sql } from 'drizzle-orm';
import type { StorefrontEvent } from '#contract/public/events.ts';
import type { Metric } from '#contract/entities/metric.ts';
import { run } from '../platform/db/sql.ts';
import type { Database, Tx } from '../platform/db/client.ts';
import { sites } from '../platform/db/schema.ts';
import { ingestRows, toEventRow, type EventRow } from './ingest.ts';
import { computeMetrics, type MetricRequest } from './metrics.ts';
import { rebuildRollups, rebuildRollupsIn } from './rollups.ts';
import { bulkInsertEvents, insertEventRows } from './bulk.ts';
import { lockSiteEvents } from './lock.ts';
import { quarantineOrders } from './guard.ts';
import { dropSeenEvents } from './dedupe.ts';
import { PLATFORM_OF_CODE } from './codes.ts';
import { arr } from '../platform/db/sql-array.ts';

/** One day's views and clicks of one recommendation block: a row of widget_daily. */
export interface WidgetDailyRow {
  day: string;
  /** The block's configId ('' when the widget named none). */
  block: string;
  strategy: string;
  widgetType: string;
  views: number;
  clicks: number;
}

/**
 * The one door to the event store (DESIGN.md "Beyond one machine"): ingestion, rollups and
 * report reads. Nothing else queries the event tables, so the store can move to a columnar
 * engine behind this interface.
 */
export function createEventStore(database: Database) {
  const { db } = database;

  return {
    /**
     * Writes events of one site and updates its rollups in one transaction; implausible orders
     * go to the quarantine instead (guard.ts). Answers how many were taken and quarantined.
     */
    async ingest(
      siteId: number,
      timeZone: string,
      batch: StorefrontEvent[],
      now = new Date(),
    ): Promise<{ accepted: number; quarantined: number }> {
      return db.transaction(async (tx) => {
        // The zone is read again under the site's event lock: a time-zone change that committed
        // meanwhile is seen here, and one still running re-days this batch after it commits.
        await lockSiteEvents(tx, siteId);
        const [site] = await tx
          .select({ timeZone: sites.timeZone })
          .from(sites)
          .where(eq(sites.id, siteId));
        const zone = site?.timeZone ?? timeZone;
        const fresh = await dropSeenEvents(tx, siteId, batch);
        const { kept, quarantined } = await quarantineOrders(
          tx,
          database,
          siteId,
          fresh.map((event) => toEventRow(event, zone, now)),
          now,
        );
        await ingestRows(tx, siteId, kept);
        return { accepted: fresh.length, quarantined };
      });
    },

    /** Sets (or with null removes) a site's order cap. */
    async setOrderCap(siteId: number, cap: number | null, actor: string): Promise<void> {
      if (cap === null) {
        await run(db, sql`delete from event_order_caps where site_id = ${siteId}`);
        return;
      }
      await run(
        db,
        sql`insert into event_order_caps (site_id, cap, updated_by)
            values (${siteId}, ${cap.toFixed(2)}::numeric, ${actor})
            on conflict (site_id) do update
              set cap = excluded.cap, updated_by = excluded.updated_by, updated_at = now()`,
      );
    },

    /** A site's order cap and its quarantined orders, newest first. */
    async quarantine(siteId: number, limit: number, offset: number) {
      const [{ rows: caps }, { rows: totals }, { rows }] = [
        await run<{ cap: string }>(
          db,
          sql`select cap from event_order_caps where site_id = ${siteId}`,
        ),
        await run<{ n: string | number }>(
          db,
          sql`select count(*) as n from event_order_quarantine where site_id = ${siteId}`,
        ),
        await run<{
          id: string | number;
          received_at: string | Date;
          session_id: string;
          platform: number;
          at: string | Date;
          day: string;
          revenue: string;
          items: number | null;
          reason: 'cap' | 'outlier';
          threshold: string;
        }>(
          db,
          sql`select id, received_at, session_id, platform, at, day::text as day, revenue::text,
                items, reason, threshold::text
              from event_order_quarantine where site_id = ${siteId}
              order by id desc limit ${limit} offset ${offset}`,
        ),
      ];
      const iso = (value: string | Date) => new Date(value).toISOString();
      return {
        cap: caps[0] ? Number(caps[0].cap) : null,
        total: Number(totals[0]?.n ?? 0),
        items: rows.map((row) => ({
          id: Number(row.id),
          receivedAt: iso(row.received_at),
          sessionId: row.session_id,
          platform: PLATFORM_OF_CODE[Number(row.platform)] ?? 'MOBILE',
          at: iso(row.at),
          day: row.day,
          revenue: Number(row.revenue),
          items: row.items === null ? null : Number(row.items),
          reason: row.reason,
          threshold: Number(row.threshold),
        })),
      };
    },

    /** Raw rows straight into `events` (multi-row INSERT, COPY on PostgreSQL); rollups untouched. */
    bulkInsert: (siteId: number, rows: EventRow[]) => bulkInsertEvents(database, siteId, rows),

    rebuildRollups: (siteId: number, fromDay?: string, toDay?: string) =>
      rebuildRollups(db, siteId, fromDay, toDay),

    /** Adds widget views and clicks to a site's widget_daily (the CTR per block). */
    addWidgetDaily: (siteId: number, rows: readonly WidgetDailyRow[]) =>
      addWidgetDaily(db, siteId, rows),

    metrics: (request: MetricRequest): Promise<Metric[]> => computeMetrics(db, request),

    /** Removes a site's events, sessions and rollups. */
    async clear(siteId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockSiteEvents(tx, siteId);
        await clearSite(tx, siteId);
      });
    },

    /**
     * Replaces a site's events with `batches` and rebuilds its rollups, all in one transaction
     * (demo:events): a failure half-way leaves the old data, never an empty site.
     */
    async replace(
      siteId: number,
      batches: Iterable<EventRow[]>,
      onBatch?: (written: number) => void,
      /**
       * The widget views and clicks that go with the events, read once the batches are written
       * (a generator fills them as it goes): they replace the site's widget_daily.
       */
      widgetDaily?: () => readonly WidgetDailyRow[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await lockSiteEvents(tx, siteId);
        await clearSite(tx, siteId);
        let written = 0;
        for (const rows of batches) {
          await insertEventRows(tx, siteId, rows);
          written += rows.length;
          onBatch?.(written);
        }
        await rebuildRollupsIn(tx, siteId);
        if (widgetDaily) {
          await run(tx, sql`delete from widget_daily where site_id = ${siteId}`);
          await addWidgetDaily(tx, siteId, widgetDaily());
        }
        return written;
      });
    },

    async isEmpty(siteId?: number): Promise<boolean> {
      const { rows } = await run<{ any: boolean }>(
        db,
        siteId === undefined
          ? sql`select exists (select 1 from events) as any`
          : sql`select exists (select 1 from events where site_id = ${siteId}) as any`,
      );
      return !rows[0]?.any;
    },

    async timeZoneOf(siteId: number): Promise<string | null> {
      const [site] = await db
        .select({ timeZone: sites.timeZone })
        .from(sites)
        .where(eq(sites.id, siteId));
      return site?.timeZone ?? null;
    },
  };
}
export type EventStore = ReturnType<typeof createEventStore>;

async function addWidgetDaily(
  db: Database['db'] | Tx,
  siteId: number,
  rows: readonly WidgetDailyRow[],
): Promise<void> {
  // A few thousand rows at most (days × blocks); arrays keep the parameters few (sql-array.ts).
  for (let at = 0; at < rows.length; at += 5000) {
    const part = rows.slice(at, at + 5000);
    await run(
      db,
      sql`insert into widget_daily (site_id, day, block, strategy, widget_type, views, clicks)
          select ${siteId}, t.day, t.block, t.strategy, t.widget_type, t.views, t.clicks
          from unnest(${arr(part.map((r) => r.day))}::date[], ${arr(part.map((r) => r.block))}::text[],
            ${arr(part.map((r) => r.strategy))}::text[], ${arr(part.map((r) => r.widgetType))}::text[],
            ${arr(part.map((r) => r.views))}::bigint[], ${arr(part.map((r) => r.clicks))}::bigint[])
            as t(day, block, strategy, widget_type, views, clicks)
          on conflict (site_id, day, block, strategy, widget_type) do update set
            views = widget_daily.views + excluded.views,
            clicks = widget_daily.clicks + excluded.clicks`,
    );
  }
}

async function clearSite(tx: Tx, siteId: number): Promise<void> {
  for (const table of [
    'event_period_queries',
    'event_daily_queries',
    'event_queries',
    'event_daily',
    'event_sessions',
    'events',
  ])
    await run(tx, sql`delete from ${sql.raw(table)} where site_id = ${siteId}`);
}
