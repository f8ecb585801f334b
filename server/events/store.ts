import { eq, sql } from 'drizzle-orm';
import type { StorefrontEvent } from '#contract/public/events.ts';
import type { Metric } from '#contract/entities/metric.ts';
import { run } from '../catalog/sql.ts';
import type { Database, Tx } from '../db/client.ts';
import { sites } from '../db/schema.ts';
import { ingestRows, toEventRow, type EventRow } from './ingest.ts';
import { computeMetrics, type MetricRequest } from './metrics.ts';
import { rebuildRollups, rebuildRollupsIn } from './rollups.ts';
import { bulkInsertEvents, insertEventRows } from './bulk.ts';
import { lockSiteEvents } from './lock.ts';

/**
 * The one door to the event store (DESIGN.md "Beyond one machine"): ingestion, rollups and
 * report reads. Nothing else queries the event tables, so the store can move to a columnar
 * engine behind this interface.
 */
export function createEventStore(database: Database) {
  const { db } = database;

  return {
    /** Writes events of one site and updates its rollups in one transaction. */
    async ingest(siteId: number, timeZone: string, batch: StorefrontEvent[], now = new Date()) {
      await db.transaction(async (tx) => {
        // The zone is read again under the site's event lock: a time-zone change that committed
        // meanwhile is seen here, and one still running re-days this batch after it commits.
        await lockSiteEvents(tx, siteId);
        const [site] = await tx
          .select({ timeZone: sites.timeZone })
          .from(sites)
          .where(eq(sites.id, siteId));
        const zone = site?.timeZone ?? timeZone;
        await ingestRows(
          tx,
          siteId,
          batch.map((event) => toEventRow(event, zone, now)),
        );
      });
      return batch.length;
    },

    /** Raw rows straight into `events` (multi-row INSERT, COPY on PostgreSQL); rollups untouched. */
    bulkInsert: (siteId: number, rows: EventRow[]) => bulkInsertEvents(database, siteId, rows),

    rebuildRollups: (siteId: number, fromDay?: string, toDay?: string) =>
      rebuildRollups(db, siteId, fromDay, toDay),

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

async function clearSite(tx: Tx, siteId: number): Promise<void> {
  for (const table of [
    'event_daily_queries',
    'event_queries',
    'event_daily',
    'event_sessions',
    'events',
  ])
    await run(tx, sql`delete from ${sql.raw(table)} where site_id = ${siteId}`);
}
