import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { catalogFacets, contentPages } from '../platform/db/schema.ts';

/**
 * The feeds whose rows are replaced whole (facets, content pages): an import stages its rows
 * under `batch = job:<id>` beside the live ones (`batch = 'live'`), then one transaction swaps
 * them in and records the upload; whatever happens, the staged rows go afterwards.
 */
const TABLES = {
  FACETS: catalogFacets,
  CONTENT: contentPages,
} as const;

export type ReplacedFeed = keyof typeof TABLES;

/**
 * Runs `stage` (which writes the batch and answers its row count), then swaps the batch in unless
 * `dryRun`; the staged rows are dropped whether it succeeds, fails or is cancelled.
 */
export async function replaceLiveBatch(
  db: Db,
  entry: { feedType: ReplacedFeed; siteId: number; batch: string; dryRun?: boolean | undefined },
  stage: () => Promise<number>,
): Promise<void> {
  const table = TABLES[entry.feedType];
  const { siteId, batch } = entry;
  try {
    const rows = await stage();
    if (!entry.dryRun)
      await db.transaction(async (tx) => {
        await tx.delete(table).where(and(eq(table.siteId, siteId), eq(table.batch, 'live')));
        await tx
          .update(table)
          .set({ batch: 'live' })
          .where(and(eq(table.siteId, siteId), eq(table.batch, batch)));
        await tx.execute(
          sql`insert into feed_history (site_id, feed_type, region_id, offers) values (${siteId}, ${entry.feedType}, 'global', ${rows})`,
        );
      });
  } finally {
    await db.delete(table).where(and(eq(table.siteId, siteId), eq(table.batch, batch)));
  }
}
