import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mvtConfig,
  recommendationsBlock,
  searchConfig,
  type RecommendationsBlockInput,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { buildBundle } from '#server/artifacts/build-bundle.ts';
import { publishBundle } from '#server/artifacts/publish.ts';
import type { SiteBundleConfigs, VersionedConfig } from '#server/artifacts/types.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const stored = <T>(config: T, version = 1): VersionedConfig<T> => ({
  versionId: version,
  version,
  test: false,
  config,
});

interface Setup {
  instantSearch?: SearchConfigInput;
  recommendationBlocks?: Array<Omit<RecommendationsBlockInput, 'test'>>;
}

function siteConfigs(setup: Setup = {}): SiteBundleConfigs {
  return {
    instantSearch: stored(
      searchConfig.parse({
        enabled: true,
        selectors: { container: '#search-results' },
        ...setup.instantSearch,
      }),
    ),
    autocomplete: null,
    search: null,
    tracking: null,
    mvt: stored(mvtConfig.parse({ entries: [] })),
    recommendationBlocks: (setup.recommendationBlocks ?? []).map((block) =>
      stored(recommendationsBlock.parse({ ...block, test: false })),
    ),
    globalComponents: [],
    tokens: null,
  };
}

const build = (configs: SiteBundleConfigs) =>
  buildBundle({ siteId: 1, apiKey: 'KEY', publicBaseUrl: '', configs });
const errors = (bundle: { diagnostics: Array<{ severity: string }> }) =>
  bundle.diagnostics.filter((d) => d.severity === 'error');
const bootOf = (js: string) => js.slice(js.lastIndexOf('digi.site'));

describe.each(DATABASES)('/cdn hardening on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    apiKey = await apiKeyOf(server.database, 1);
  });
  afterAll(() => server.close());

  const publish = (configs: SiteBundleConfigs, slot: 'production' | 'preview' = 'production') =>
    publishBundle(server.database.db, {
      siteId: 1,
      apiKey,
      publicBaseUrl: '',
      configs,
      slot,
      login: 'integrator',
    });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('serves the demo page sandboxed (opaque origin) and every /cdn answer with nosniff', async () => {
    const published = await publish(siteConfigs());
    for (const url of ['/cdn/1/demo.html', '/cdn/1/demo.html?slot=preview']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts allow-forms');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const url of [
      '/cdn/1/digi.js',
      '/cdn/1/preview/digi.js',
      published.urls.js,
      published.urls.css,
      '/cdn/1/nope.js',
      `/cdn/99/${published.hash}.js`,
    ]) {
      const answer = await get(url);
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['access-control-allow-origin'], url).toBe('*');
    }
  });
});
