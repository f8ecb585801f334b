import { sql } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';

/** First key of the event store's advisory locks ('EVTS' in ASCII); the second is the site id. */
export const EVENTS_LOCK_NAMESPACE = 0x45565453;

/**
 * Serialises the writers of one site's events and rollups (ingestion, bulk loads, rebuild, clear,
 * time-zone change) until the surrounding transaction ends, so a rebuild never interleaves with a
 * live batch. Must run inside a transaction (the lock is transaction-scoped); PGlite has it too.
 */
export async function lockSiteEvents(tx: Db | Tx, siteId: number): Promise<void> {
  await run(
    tx,
    sql`select pg_advisory_xact_lock(${EVENTS_LOCK_NAMESPACE}::int, ${siteId}::int)::text as locked`,
  );
}
