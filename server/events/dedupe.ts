import { sql } from 'drizzle-orm';
import type { StorefrontEvent } from '#contract/public/events.ts';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { arr } from '../platform/db/sql-array.ts';

/** Ids older than this are forgotten (events older than 72 hours are refused anyway). */
const KEEP_HOURS = 96;

/**
 * Drops the events of a batch whose id the site has already taken (a retried batch, a page that
 * sent twice) or that repeat an id within the batch, and records the new ids — in the caller's
 * transaction, which holds the site's event lock. Events without an id are all kept.
 */
export async function dropSeenEvents(
  tx: Db | Tx,
  siteId: number,
  batch: StorefrontEvent[],
): Promise<StorefrontEvent[]> {
  const ids = [...new Set(batch.flatMap((event) => (event.id ? [event.id] : [])))];
  if (!ids.length) return batch;
  const { rows } = await run<{ event_id: string }>(
    tx,
    sql`insert into event_ids (site_id, event_id)
        select ${siteId}, id from unnest(${arr(ids)}::text[]) as id
        on conflict do nothing returning event_id`,
  );
  if (Math.random() < 0.01)
    await run(
      tx,
      sql`delete from event_ids where received_at < now() - make_interval(hours => ${KEEP_HOURS})`,
    );
  const fresh = new Set(rows.map((row) => row.event_id));
  return batch.filter((event) => {
    if (!event.id) return true;
    if (!fresh.has(event.id)) return false;
    fresh.delete(event.id); // a second copy within the batch is dropped too
    return true;
  });
}
