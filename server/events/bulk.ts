import { sql } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { Database, Db, Tx } from '../platform/db/client.ts';
import { lockSiteEvents } from './lock.ts';
import { arr } from '../platform/db/sql-array.ts';
import type { EventRow } from './ingest.ts';

const CHUNK = 2000;

/** INSERTs of raw events from arrays (unnest), CHUNK rows a statement, in one transaction. */
export async function bulkInsertEvents(
  database: Database,
  siteId: number,
  rows: EventRow[],
): Promise<void> {
  await database.db.transaction(async (tx) => {
    await lockSiteEvents(tx, siteId);
    await insertEventRows(tx, siteId, rows);
  });
}

/** The INSERTs of `bulkInsertEvents` in the caller's transaction (which holds the site's lock). */
export async function insertEventRows(
  tx: Db | Tx,
  siteId: number,
  rows: EventRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await run(
      tx,
      sql`insert into events (site_id, kind, platform, session_id, at, day, query, hits,
            corrected_query, block, product_id, revenue, items)
          select ${siteId}, * from unnest(
            ${arr(chunk.map((r) => r.kind))}::smallint[],
            ${arr(chunk.map((r) => r.platform))}::smallint[],
            ${arr(chunk.map((r) => r.sessionId))}::text[],
            ${arr(chunk.map((r) => r.at.toISOString()))}::timestamptz[],
            ${arr(chunk.map((r) => r.day))}::date[],
            ${arr(chunk.map((r) => r.query))}::text[],
            ${arr(chunk.map((r) => r.hits))}::int[],
            ${arr(chunk.map((r) => r.correctedQuery))}::text[],
            ${arr(chunk.map((r) => r.block))}::smallint[],
            ${arr(chunk.map((r) => r.productId))}::text[],
            ${arr(chunk.map((r) => (r.revenue === null ? null : r.revenue.toFixed(2))))}::numeric[],
            ${arr(chunk.map((r) => r.items))}::int[])`,
    );
  }
}
