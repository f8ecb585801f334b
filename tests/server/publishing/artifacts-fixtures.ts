/** A site's bundle configs built from the contract's defaults, and the artifact suites' calls. */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type * as z from 'zod';
import {
  mvtConfig,
  recommendationsBlock,
  searchConfig,
  type RecommendationsBlockInput,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { publishBundle } from '#server/publishing/bundle/publish.ts';
import type { SiteBundleConfigs, VersionedConfig } from '#server/publishing/bundle/types.ts';
import { artifacts } from '#server/platform/db/schema.ts';
import { type TestServer } from '#tests/helpers/server.ts';

export const camel = (name: string) =>
  name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A widget's default templates as a config's htmlTemplate holds them (part → source). */
export function defaultTemplates(widget: string): Record<string, string> {
  const dir = join('storefront/widgets', widget, 'templates');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.hbs'))
      .map((f) => [camel(basename(f, '.hbs')), readFileSync(join(dir, f), 'utf8')]),
  );
}

export type MvtConfigInput = z.input<typeof mvtConfig>;

export const stored = <T>(config: T, version = 1): VersionedConfig<T> => ({
  versionId: version,
  version,
  test: false,
  config,
});

export interface Setup {
  /** Merged over the defaults (enabled, selectors of the merchant demo page). */
  instantSearch?: SearchConfigInput;
  autocomplete?: SearchConfigInput;
  recommendationBlocks?: Array<Omit<RecommendationsBlockInput, 'test'>>;
  mvt?: MvtConfigInput;
  tokens?: SiteBundleConfigs['tokens'];
  version?: number;
}

/** A site's production configs: the contract's defaults, enabled on the merchant demo page. */
export function siteConfigs(setup: Setup = {}): SiteBundleConfigs {
  const version = setup.version ?? 1;
  return {
    instantSearch: stored(
      searchConfig.parse({
        enabled: true,
        selectors: { container: '#search-results' },
        ...setup.instantSearch,
      }),
      version,
    ),
    autocomplete: stored(
      searchConfig.parse({
        enabled: true,
        selectors: { input: '#search-input' },
        customSettings: { typesAC: ['queries', 'products'] },
        ...setup.autocomplete,
      }),
      version,
    ),
    search: null,
    tracking: null,
    mvt: setup.mvt ? stored(mvtConfig.parse(setup.mvt), version) : null,
    recommendationBlocks: (setup.recommendationBlocks ?? []).map((block) =>
      stored(recommendationsBlock.parse({ ...block, test: false }), version),
    ),
    globalComponents: [],
    tokens: setup.tokens ?? null,
  };
}

/** Publishing, counting artifacts and GET requests against the suite's current server. */
export function artifactHelpers(current: () => { server: TestServer; apiKey: string }) {
  const db = () => current().server.database.db;
  const publish = (
    configs: SiteBundleConfigs,
    slot: 'production' | 'preview' = 'production',
    siteId = 1,
  ) =>
    publishBundle(db(), {
      siteId,
      apiKey: current().apiKey,
      publicBaseUrl: '',
      configs,
      slot,
      login: 'integrator',
    });
  const rows = async (siteId = 1) =>
    Number(
      (await db().select({ n: count() }).from(artifacts).where(eq(artifacts.siteId, siteId)))[0]!.n,
    );
  const get = (url: string, headers: Record<string, string> = {}) =>
    current().server.app.inject({ method: 'GET', url, headers });
  return { db, publish, rows, get };
}
