import { and, desc, eq } from 'drizzle-orm';
import {
  SINGLE_CONFIG_KINDS,
  type ConfigKind,
  type GlobalComponent,
  type GlobalConfig,
  type MvtConfig,
  type RecommendationsBlock,
  type SearchConfig,
  type SingleConfigKind,
  type TrackingConfig,
} from '#contract/entities/config.ts';
import type { SiteBundleConfigs, VersionedConfig } from './bundle/types.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { configVersions } from '../platform/db/schema.ts';
import type { ConfigVersionRow } from '../configs/repository.ts';
import { parseBlock, parseComponent, parseSingle } from '../configs/codec.ts';

/** The newest live version of every config of one copy of a site. */
export async function latestCopies(
  db: Db | Tx,
  siteId: number,
  test: boolean,
): Promise<ConfigVersionRow[]> {
  const rows = await db
    .selectDistinctOn([configVersions.kind, configVersions.key])
    .from(configVersions)
    .where(and(eq(configVersions.siteId, siteId), eq(configVersions.test, test)))
    .orderBy(configVersions.kind, configVersions.key, desc(configVersions.version));
  return rows.filter((row) => !row.deleted);
}

function versioned<T>(row: ConfigVersionRow, config: T): VersionedConfig<T> {
  return { versionId: row.id, version: row.version, test: row.test, config };
}

/**
 * What the bundle build reads (server/publishing/bundle/types.ts) from one copy's rows: each config
 * parsed, with the version it came from; blocks and components by ordering.
 */
export function bundleConfigs(rows: readonly ConfigVersionRow[]): SiteBundleConfigs {
  const single = new Map<ConfigKind, ConfigVersionRow>();
  const blocks: { order: number; key: number; entry: VersionedConfig<RecommendationsBlock> }[] = [];
  const components: { order: number; key: number; entry: VersionedConfig<GlobalComponent> }[] = [];
  for (const row of rows) {
    if ((SINGLE_CONFIG_KINDS as readonly string[]).includes(row.kind)) {
      single.set(row.kind as ConfigKind, row);
    } else if (row.kind === 'recommendations-block') {
      const block = parseBlock(row);
      blocks.push({ order: block.ordering, key: row.key, entry: versioned(row, block) });
    } else if (row.kind === 'global-component') {
      const component = parseComponent(row);
      components.push({
        order: component.customSettings.ordering,
        key: row.key,
        entry: versioned(row, component),
      });
    }
  }
  function copy<T>(kind: SingleConfigKind): VersionedConfig<T> | null {
    const row = single.get(kind);
    return row ? versioned(row, parseSingle(kind, row.data) as T) : null;
  }
  const byOrder = (a: { order: number; key: number }, b: { order: number; key: number }) =>
    a.order - b.order || a.key - b.key;
  return {
    instantSearch: copy<SearchConfig>('instant-search'),
    autocomplete: copy<SearchConfig>('autocomplete'),
    search: copy<SearchConfig>('search'),
    tracking: copy<TrackingConfig>('tracking'),
    mvt: copy<MvtConfig>('mvt'),
    global: copy<GlobalConfig>('global-config'),
    recommendationBlocks: blocks.sort(byOrder).map((item) => item.entry),
    globalComponents: components.sort(byOrder).map((item) => item.entry),
    // The build falls back to the instant search (else autocomplete) config's tokens.
    tokens: null,
  };
}
