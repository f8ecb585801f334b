import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import {
  contentFeedSettings,
  deltaFeedSettings,
  facetsFeedSettings,
  ymlFeedSettings,
  type ContentFeedSettings,
  type DeltaFeedSettings,
  type FacetsFeedSettings,
  type FeedParsingConfig,
  type FeedParsingConfigInput,
  type FeedRule,
  type FeedRuleInput,
  type FeedType,
  type FeedUrl,
  type FeedUrlInput,
  type FeedUrlUpdate,
  type ImshopRegion,
  type TagMapping,
  type YmlFeedSettings,
} from '#contract/entities/feeds.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  feedAttributes,
  feedParsingConfigs,
  feedRules,
  feedSettings,
  feedUrls,
  imshopRegions,
} from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

/** The settings kept per feed type (OZON shares the YML settings: `format` says which). */
export const SETTINGS = {
  YML: ymlFeedSettings,
  DELTA: deltaFeedSettings,
  FACETS: facetsFeedSettings,
  CONTENT: contentFeedSettings,
} as const;
export type SettingsKind = keyof typeof SETTINGS;
export interface SettingsOf {
  YML: YmlFeedSettings;
  DELTA: DeltaFeedSettings;
  FACETS: FacetsFeedSettings;
  CONTENT: ContentFeedSettings;
}

type Conn = Db | Tx;

const toUrl = (row: typeof feedUrls.$inferSelect): FeedUrl => ({
  id: row.id,
  feedType: row.feedType as FeedType,
  regionId: row.regionId,
  url: row.url,
  updatedAt: row.updatedAt.toISOString(),
});

const toRule = (row: typeof feedRules.$inferSelect): FeedRule => ({
  ruleId: row.id,
  entityId: row.entityId,
  entityName: row.entityName as FeedRule['entityName'],
  type: row.type as FeedRule['type'],
});

/** Reads a stored settings object through its schema: stored fields win, defaults fill the rest. */
function parseSettings<K extends SettingsKind>(kind: K, stored: unknown): SettingsOf[K] {
  const schema = SETTINGS[kind] as unknown as z.ZodType<SettingsOf[K]>;
  const parsed = schema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : (schema.parse({}) as SettingsOf[K]);
}

/**
 * The feed configuration of a site: settings per type, URLs per type and region, rules,
 * attributes, parsing configs and imshop regions. Writes are audited in their transaction.
 */
export function createFeedStore(db: Db) {
  return {
    async settings<K extends SettingsKind>(
      siteId: number,
      kind: K,
      conn: Conn = db,
    ): Promise<SettingsOf[K]> {
      const [row] = await conn
        .select()
        .from(feedSettings)
        .where(and(eq(feedSettings.siteId, siteId), eq(feedSettings.feedType, kind)));
      return parseSettings(kind, row?.settings);
    },

    /** Saves a type's settings (already validated) in the caller's transaction. */
    async saveSettings<K extends SettingsKind>(
      tx: Tx,
      siteId: number,
      kind: K,
      value: SettingsOf[K],
      actor: string,
    ): Promise<SettingsOf[K]> {
      const before = await this.settings(siteId, kind, tx);
      const settings = value as unknown as Record<string, unknown>;
      await tx
        .insert(feedSettings)
        .values({ siteId, feedType: kind, settings, updatedBy: actor })
        .onConflictDoUpdate({
          target: [feedSettings.siteId, feedSettings.feedType],
          set: { settings, updatedBy: actor, updatedAt: new Date() },
        });
      await recordAudit(tx, {
        actor,
        action: 'update',
        entity: `feed-settings:${kind}`,
        entityId: siteId,
        before,
        after: value,
      });
      return value;
    },

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

    // --- rules --------------------------------------------------------------------------

    async rules(siteId: number): Promise<FeedRule[]> {
      const rows = await db
        .select()
        .from(feedRules)
        .where(eq(feedRules.siteId, siteId))
        .orderBy(asc(feedRules.id));
      return rows.map(toRule);
    },

    async saveRule(siteId: number, input: FeedRuleInput, actor: string): Promise<FeedRule> {
      try {
        return await db.transaction(async (tx) => {
          const values = {
            entityId: input.entityId,
            entityName: input.entityName,
            type: input.type,
          };
          let row: typeof feedRules.$inferSelect | undefined;
          let before: FeedRule | null = null;
          if (input.ruleId !== undefined) {
            const [old] = await tx
              .select()
              .from(feedRules)
              .where(and(eq(feedRules.siteId, siteId), eq(feedRules.id, input.ruleId)))
              .for('update');
            if (!old) throw notFound('Feed rule');
            before = toRule(old);
            [row] = await tx
              .update(feedRules)
              .set(values)
              .where(eq(feedRules.id, input.ruleId))
              .returning();
          } else {
            [row] = await tx
              .insert(feedRules)
              .values({ siteId, ...values })
              .returning();
          }
          const rule = toRule(row!);
          await recordAudit(tx, {
            actor,
            action: before ? 'update' : 'create',
            entity: 'feed-rule',
            entityId: rule.ruleId,
            before,
            after: { siteId, ...rule },
          });
          return rule;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, 'The same feed rule already exists', { code: 'duplicate' });
        throw error;
      }
    },

    async deleteRule(siteId: number, ruleId: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(feedRules)
          .where(and(eq(feedRules.siteId, siteId), eq(feedRules.id, ruleId)))
          .returning();
        if (!row) throw notFound('Feed rule');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'feed-rule',
          entityId: ruleId,
          before: { siteId, ...toRule(row) },
        });
      });
    },

    // --- attributes ---------------------------------------------------------------------

    async attributes(siteId: number): Promise<string[]> {
      const rows = await db
        .select({ name: feedAttributes.name })
        .from(feedAttributes)
        .where(eq(feedAttributes.siteId, siteId))
        .orderBy(asc(feedAttributes.name));
      return rows.map((row) => row.name);
    },

    /** Adds names (in the caller's transaction); the ones already there are returned as duplicates. */
    async addAttributes(tx: Tx, siteId: number, names: string[]): Promise<Set<string>> {
      const added = new Set<string>();
      for (let i = 0; i < names.length; i += 1000) {
        const rows = await tx
          .insert(feedAttributes)
          .values(names.slice(i, i + 1000).map((name) => ({ siteId, name })))
          .onConflictDoNothing()
          .returning({ name: feedAttributes.name });
        for (const row of rows) added.add(row.name);
      }
      return added;
    },

    async removeAttributes(tx: Tx, siteId: number, names: string[]): Promise<Set<string>> {
      const removed = new Set<string>();
      for (let i = 0; i < names.length; i += 1000) {
        const rows = await tx
          .delete(feedAttributes)
          .where(
            and(
              eq(feedAttributes.siteId, siteId),
              inArray(feedAttributes.name, names.slice(i, i + 1000)),
            ),
          )
          .returning({ name: feedAttributes.name });
        for (const row of rows) removed.add(row.name);
      }
      return removed;
    },

    // --- parsing configs ----------------------------------------------------------------

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

export type FeedStore = ReturnType<typeof createFeedStore>;
