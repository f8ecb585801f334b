import { and, asc, eq } from 'drizzle-orm';
import type {
  FeedParsingConfig,
  FeedParsingConfigInput,
  TagMapping,
} from '#contract/entities/feeds.ts';
import type { Db } from '../platform/db/client.ts';
import { feedParsingConfigs } from '../platform/db/schema.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

/** A site's feed parsing configs (tag mappings); writes audited in their transaction. */
export function createParsingConfigStore(db: Db) {
  return {
    async parsingConfigs(siteId: number): Promise<FeedParsingConfig[]> {
      const rows = await db
        .select()
        .from(feedParsingConfigs)
        .where(eq(feedParsingConfigs.siteId, siteId))
        .orderBy(asc(feedParsingConfigs.id));
      return rows.map((row) => ({ id: row.id, tags: row.tags }));
    },

    async saveParsingConfig(
      siteId: number,
      input: FeedParsingConfigInput,
      actor: string,
    ): Promise<FeedParsingConfig> {
      const tags = input.tags as TagMapping[];
      const seen = new Set<string>();
      for (const { tag } of tags) {
        if (seen.has(tag)) throw new HttpError(400, `The tag <${tag}> is mapped twice`);
        seen.add(tag);
      }
      return db.transaction(async (tx) => {
        let before: FeedParsingConfig | null = null;
        let row: typeof feedParsingConfigs.$inferSelect | undefined;
        if (input.id !== undefined) {
          const [old] = await tx
            .select()
            .from(feedParsingConfigs)
            .where(and(eq(feedParsingConfigs.siteId, siteId), eq(feedParsingConfigs.id, input.id)))
            .for('update');
          if (!old) throw notFound('Feed parsing config');
          before = { id: old.id, tags: old.tags };
          [row] = await tx
            .update(feedParsingConfigs)
            .set({ tags, updatedAt: new Date() })
            .where(eq(feedParsingConfigs.id, input.id))
            .returning();
        } else {
          [row] = await tx.insert(feedParsingConfigs).values({ siteId, tags }).returning();
        }
        const config = { id: row!.id, tags: row!.tags };
        await recordAudit(tx, {
          actor,
          action: before ? 'update' : 'create',
          entity: 'feed-parsing-config',
          entityId: config.id,
          before,
          after: { siteId, ...config },
        });
        return config;
      });
    },

    async deleteParsingConfig(siteId: number, id: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(feedParsingConfigs)
          .where(and(eq(feedParsingConfigs.siteId, siteId), eq(feedParsingConfigs.id, id)))
          .returning();
        if (!row) throw notFound('Feed parsing config');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'feed-parsing-config',
          entityId: id,
          before: { siteId, id, tags: row.tags },
        });
      });
    },

    /** Every tag mapping of the site (configs in id order; a later config's mapping of a tag wins). */
    async tagMap(siteId: number): Promise<Map<string, string>> {
      const map = new Map<string, string>();
      for (const config of await this.parsingConfigs(siteId))
        for (const { tag, mapTo } of config.tags) map.set(tag, mapTo);
      return map;
    },
  };
}
