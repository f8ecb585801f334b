import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import {
  contentFeedSettings,
  deltaFeedSettings,
  facetsFeedSettings,
  ymlFeedSettings,
  type ContentFeedSettings,
  type DeltaFeedSettings,
  type FacetsFeedSettings,
  type YmlFeedSettings,
} from '#contract/entities/feeds.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { feedSettings } from '../platform/db/schema.ts';
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

/** Reads a stored settings object through its schema: stored fields win, defaults fill the rest. */
function parseSettings<K extends SettingsKind>(kind: K, stored: unknown): SettingsOf[K] {
  const schema = SETTINGS[kind] as unknown as z.ZodType<SettingsOf[K]>;
  const parsed = schema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : (schema.parse({}) as SettingsOf[K]);
}

/** A site's settings per feed type; a save is audited in the caller's transaction. */
export function createFeedSettingsStore(db: Db) {
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
  };
}
