import { sql } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { Tx } from '../platform/db/client.ts';
import { lockSiteEvents } from './lock.ts';
import { rebuildRollupsIn } from './rollups.ts';

/**
 * After a site's time zone changed: puts every event on its calendar day in the new zone and
 * rebuilds the site's sessions and rollups, in the caller's transaction (the one that updates the
 * site, so reports never mix zones). Costs a full rebuild of the site; time-zone changes are rare.
 */
export async function moveEventsToTimeZone(tx: Tx, siteId: number, timeZone: string) {
  await lockSiteEvents(tx, siteId);
  const localDay = sql`(at at time zone ${timeZone})::date`;
  await run(
    tx,
    sql`update events set day = ${localDay} where site_id = ${siteId} and day <> ${localDay}`,
  );
  await rebuildRollupsIn(tx, siteId);
}
