import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FeedStatus, FeedType } from '#contract/entities/site.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { feedHistory } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export function createFeedRepository(db: Db) {
  return {
    /** The latest upload per feed type and region. */
    async status(siteId: number, feedType?: FeedType, searchTerm?: string): Promise<FeedStatus[]> {
      const rows = await db
        .selectDistinctOn([feedHistory.feedType, feedHistory.regionId])
        .from(feedHistory)
        .where(
          and(
            eq(feedHistory.siteId, siteId),
            feedType ? eq(feedHistory.feedType, feedType) : undefined,
            searchTerm ? ilike(feedHistory.regionId, `%${searchTerm}%`) : undefined,
          ),
        )
        .orderBy(feedHistory.feedType, feedHistory.regionId, desc(feedHistory.lastUpload));
      return rows.map((row) => ({
        regionId: row.regionId,
        feedType: row.feedType as FeedType,
        lastUpload: row.lastUpload.toISOString(),
        offers: row.offers,
      }));
    },

    async record(
      tx: Db | Tx,
      entry: { siteId: number; feedType: FeedType; regionId: string; offers: number },
    ) {
      await tx.insert(feedHistory).values(entry);
    },

    async remove(siteId: number, actor: string, feedType?: FeedType): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(feedHistory)
          .where(
            and(
              eq(feedHistory.siteId, siteId),
              feedType ? eq(feedHistory.feedType, feedType) : undefined,
            ),
          )
          .returning({ id: feedHistory.id });
        await recordAudit(tx, {
          actor,
          action: 'delete-feed-history',
          entity: 'site',
          entityId: siteId,
          before: { feedType: feedType ?? 'all', entries: removed.length },
        });
      });
    },
  };
}
