import { and, asc, eq } from 'drizzle-orm';
import type {
  FeedType,
  FeedUrl,
  FeedUrlInput,
  FeedUrlUpdate,
  ImshopRegion,
} from '#contract/entities/feeds.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { feedUrls, imshopRegions } from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

type Conn = Db | Tx;

const toUrl = (row: typeof feedUrls.$inferSelect): FeedUrl => ({
  id: row.id,
  feedType: row.feedType as FeedType,
  regionId: row.regionId,
  url: row.url,
  updatedAt: row.updatedAt.toISOString(),
});

/** A site's feed URLs per type and region, and its imshop regions; writes audited in their transaction. */
export function createFeedUrlStore(db: Db) {
  return {
    async urls(siteId: number, feedType?: FeedType, conn: Conn = db): Promise<FeedUrl[]> {
      const rows = await conn
        .select()
        .from(feedUrls)
        .where(
          and(eq(feedUrls.siteId, siteId), feedType ? eq(feedUrls.feedType, feedType) : undefined),
        )
        .orderBy(asc(feedUrls.feedType), asc(feedUrls.regionId));
      return rows.map(toUrl);
    },

    async url(siteId: number, feedType: FeedType, regionId: string): Promise<FeedUrl | null> {
      const [row] = await db
        .select()
        .from(feedUrls)
        .where(
          and(
            eq(feedUrls.siteId, siteId),
            eq(feedUrls.feedType, feedType),
            eq(feedUrls.regionId, regionId),
          ),
        );
      return row ? toUrl(row) : null;
    },

    async createUrl(siteId: number, input: FeedUrlInput, actor: string): Promise<FeedUrl> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(feedUrls)
            .values({
              siteId,
              feedType: input.feedType,
              regionId: input.regionId ?? 'global',
              url: input.url,
            })
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'create',
            entity: 'feed-url',
            entityId: row!.id,
            after: { siteId, ...input },
          });
          return toUrl(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(
            409,
            `The site already has a ${input.feedType} feed URL for the region ${input.regionId ?? 'global'}`,
          );
        throw error;
      }
    },

    async updateUrl(siteId: number, input: FeedUrlUpdate, actor: string): Promise<FeedUrl> {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(feedUrls)
            .where(and(eq(feedUrls.siteId, siteId), eq(feedUrls.id, input.id)))
            .for('update');
          if (!before) throw notFound('Feed URL');
          const [row] = await tx
            .update(feedUrls)
            .set({
              ...(input.feedType !== undefined && { feedType: input.feedType }),
              ...(input.regionId !== undefined && { regionId: input.regionId }),
              ...(input.url !== undefined && { url: input.url }),
              updatedAt: new Date(),
            })
            .where(eq(feedUrls.id, input.id))
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'update',
            entity: 'feed-url',
            entityId: input.id,
            before: toUrl(before),
            after: toUrl(row!),
          });
          return toUrl(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, 'The site already has a feed URL for that type and region');
        throw error;
      }
    },

    /** Sets (or with null removes) the URL of a type and region, in the caller's transaction. */
    async putUrl(
      tx: Tx,
      siteId: number,
      feedType: FeedType,
      regionId: string,
      url: string | null,
      actor: string,
    ): Promise<void> {
      const where = and(
        eq(feedUrls.siteId, siteId),
        eq(feedUrls.feedType, feedType),
        eq(feedUrls.regionId, regionId),
      );
      const [before] = await tx.select().from(feedUrls).where(where);
      if ((before?.url ?? null) === url) return;
      if (url === null) await tx.delete(feedUrls).where(where);
      else
        await tx
          .insert(feedUrls)
          .values({ siteId, feedType, regionId, url })
          .onConflictDoUpdate({
            target: [feedUrls.siteId, feedUrls.feedType, feedUrls.regionId],
            set: { url, updatedAt: new Date() },
          });
      await recordAudit(tx, {
        actor,
        action: url === null ? 'delete' : before ? 'update' : 'create',
        entity: 'feed-url',
        entityId: `${siteId}:${feedType}:${regionId}`,
        before: before ? toUrl(before) : null,
        after: url === null ? null : { feedType, regionId, url },
      });
    },

    async deleteUrl(siteId: number, id: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(feedUrls)
          .where(and(eq(feedUrls.siteId, siteId), eq(feedUrls.id, id)))
          .returning();
        if (!row) throw notFound('Feed URL');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'feed-url',
          entityId: id,
          before: toUrl(row),
        });
      });
    },

    // --- imshop regions -----------------------------------------------------------------

    async regions(siteId: number): Promise<ImshopRegion[]> {
      const rows = await db
        .select()
        .from(imshopRegions)
        .where(eq(imshopRegions.siteId, siteId))
        .orderBy(asc(imshopRegions.position));
      return rows.map((row) => ({ regionId: row.regionId, name: row.name }));
    },

    async saveRegions(
      siteId: number,
      regions: ImshopRegion[],
      actor: string,
    ): Promise<ImshopRegion[]> {
      const seen = new Set<string>();
      for (const region of regions) {
        if (seen.has(region.regionId))
          throw new HttpError(400, `The region ${region.regionId} is listed twice`);
        seen.add(region.regionId);
      }
      return db.transaction(async (tx) => {
        const before = await tx
          .delete(imshopRegions)
          .where(eq(imshopRegions.siteId, siteId))
          .returning();
        if (regions.length)
          await tx
            .insert(imshopRegions)
            .values(regions.map((region, position) => ({ siteId, ...region, position })));
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'imshop-regions',
          entityId: siteId,
          before: before
            .sort((a, b) => a.position - b.position)
            .map((row) => ({ regionId: row.regionId, name: row.name })),
          after: regions,
        });
        return regions;
      });
    },
  };
}
