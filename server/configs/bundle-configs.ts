import { and, desc, eq } from 'drizzle-orm';
import {
  SINGLE_CONFIG_KINDS,
  type ConfigKind,
  type SearchConfig,
  type SingleConfigKind,
} from '#contract/entities/config.ts';
import type {
  GlobalComponentConfig,
  RecommendationBlockConfig,
  SiteBundleConfigs,
} from '../artifacts/types.ts';
import type { Db, Tx } from '../db/client.ts';
import { configVersions } from '../db/schema.ts';
import type { ConfigVersionRow } from '../repositories/configs.ts';
import { parseBlock, parseComponent, parseSingle } from './codec.ts';

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

const versioned = (row: ConfigVersionRow) => ({
  id: row.id,
  version: row.version,
  test: row.test,
});

/**
 * What the bundle build reads (server/artifacts/types.ts) from one copy's rows: the parsed
 * configs with the version each came from; tokens from the instant search config, else the
 * autocomplete's.
 */
export function bundleConfigs(rows: readonly ConfigVersionRow[]): SiteBundleConfigs {
  const single = new Map<ConfigKind, ConfigVersionRow>();
  const blocks: { order: number; key: number; config: RecommendationBlockConfig }[] = [];
  const components: { order: number; key: number; config: GlobalComponentConfig }[] = [];
  for (const row of rows) {
    if ((SINGLE_CONFIG_KINDS as readonly string[]).includes(row.kind)) {
      single.set(row.kind as ConfigKind, row);
    } else if (row.kind === 'recommendations-block') {
      const block = parseBlock(row);
      const htmlTemplate = Object.fromEntries(
        Object.entries(block.htmlTemplate).map(([part, template]) => [part, template?.html ?? '']),
      );
      blocks.push({
        order: block.ordering,
        key: row.key,
        // The build reads the block's strategy from customSettings.
        config: {
          ...block,
          ...versioned(row),
          htmlTemplate,
          customSettings: { strategy: block.strategy, ...block.customSettings },
        },
      });
    } else if (row.kind === 'global-component') {
      const component = parseComponent(row);
      components.push({
        order: component.customSettings.ordering,
        key: row.key,
        config: { ...component, ...versioned(row), template: component.template.html },
      });
    }
  }
  const parsed = (kind: SingleConfigKind) => {
    const row = single.get(kind);
    return row ? { ...parseSingle(kind, row.data), ...versioned(row) } : null;
  };
  const instantSearch = parsed('instant-search') as (SearchConfig & { id: number }) | null;
  const autocomplete = parsed('autocomplete') as (SearchConfig & { id: number }) | null;
  const byOrder = (a: { order: number; key: number }, b: { order: number; key: number }) =>
    a.order - b.order || a.key - b.key;
  return {
    instantSearch,
    autocomplete,
    search: parsed('search') as SearchConfig | null,
    tracking: parsed('tracking'),
    mvt: parsed('mvt'),
    recommendationBlocks: blocks.sort(byOrder).map((entry) => entry.config),
    globalComponents: components.sort(byOrder).map((entry) => entry.config),
    tokens: instantSearch?.tokens ?? autocomplete?.tokens ?? null,
  };
}
