import { readFileSync } from 'node:fs';
import { previewBase } from '#server/publishing/bundle/preview-key.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleBuildError, publishBundle } from '#server/publishing/bundle/publish.ts';
import type { SiteBundleConfigs } from '#server/publishing/bundle/types.ts';
import { listArtifactsRoute, rollbackArtifactRoute } from '#contract/routes/configs.ts';
import { registerSiteToUserRoute, registerUserRoute } from '#contract/routes/users.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { siteConfigs } from './artifacts-hardening-fixtures.ts';

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
    const previewPath = await previewBase(server.database.db, 1);
    for (const url of ['/cdn/1/demo.html', `${previewPath}/demo.html`]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts allow-forms');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const url of [
      '/cdn/1/digi.js',
      `${previewPath}/digi.js`,
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

  it('a config SCSS loading a server file stores nothing', async () => {
    const before = await server.app.repos.artifacts.list(1);
    const error = await publish(
      siteConfigs({ instantSearch: { css: '@use "/etc/passwd";' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleBuildError);
    expect((error as Error).message).toMatch(/instantSearch\.css: .*only the storefront/);
    expect(await server.app.repos.artifacts.list(1)).toEqual(before);
  });

  it('refuses to roll production back to a preview build (409), and the list marks it', async () => {
    const production = await publish(siteConfigs({ instantSearch: { css: '.p { a: b; }' } }));
    const preview = await publish(
      siteConfigs({ instantSearch: { css: '.q { a: b; }' } }),
      'preview',
    );
    const designer = await server.as('designer');
    const list = await designer.call(listArtifactsRoute, { params: { id: 1 } });
    expect(list.find((a) => a.id === preview.artifactId)?.environment).toBe('QA');
    expect(list.find((a) => a.id === production.artifactId)?.environment).toBe('PROD');
    const error = await failure(
      designer.call(rollbackArtifactRoute, { params: { id: 1, artifactId: preview.artifactId } }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/built for the preview slot/);
    expect((await get('/cdn/1/digi.js')).body).toContain(production.hash);
    expect((await server.app.repos.artifacts.current(1, 'production'))?.id).toBe(
      production.artifactId,
    );
  });

  it('rollback needs the generate role of every config kind in the bundle (403 otherwise)', async () => {
    const admin = await server.as('admin');
    await admin.call(registerUserRoute, {
      body: {
        login: `is-only-${kind}`,
        password: 'only-search-7',
        name: 'Только поиск',
        roles: [
          'ROLE_SITE_VIEW',
          'ROLE_CONFIG_INSTANT_SEARCH_GENERATE',
          'ROLE_CONFIG_MVT_GENERATE',
        ],
      },
    });
    await admin.call(registerSiteToUserRoute, {
      query: { siteId: 1 },
      body: { login: `is-only-${kind}` },
    });
    const isOnly = await server.as(`is-only-${kind}`, 'only-search-7');
    const searchOnly = await publish(siteConfigs({ instantSearch: { css: '.s1 { a: b; }' } }));
    const withBlock = await publish(
      siteConfigs({
        instantSearch: { css: '.s2 { a: b; }' },
        recommendationBlocks: [
          { configId: 9, name: 'Хиты', placement: '#recommendations', enabledDesktop: true },
        ],
      }),
    );
    const latest = await publish(siteConfigs({ instantSearch: { css: '.s3 { a: b; }' } }));
    const denied = await failure(
      isOnly.call(rollbackArtifactRoute, { params: { id: 1, artifactId: withBlock.artifactId } }),
    );
    expect(denied.status).toBe(403);
    expect(denied.message).toMatch(/recommendations-block/);
    expect((await get('/cdn/1/digi.js')).body).toContain(latest.hash);
    // a bundle of instant search and MVT only is hers to restore; the block's needs ROLE_RECS_UX_GENERATE
    const restored = await isOnly.call(rollbackArtifactRoute, {
      params: { id: 1, artifactId: searchOnly.artifactId },
    });
    expect(restored).toMatchObject({ id: searchOnly.artifactId, production: true });
    expect((await get('/cdn/1/digi.js')).body).toContain(searchOnly.hash);
    await admin.call(rollbackArtifactRoute, {
      params: { id: 1, artifactId: withBlock.artifactId },
    });
    expect((await get('/cdn/1/digi.js')).body).toContain(withBlock.hash);
  });

  it('migration 0005 marks existing preview builds by their boot config', async () => {
    const production = await publish(siteConfigs({ instantSearch: { css: '.m1 { a: b; }' } }));
    const preview = await publish(
      siteConfigs({ instantSearch: { css: '.m2 { a: b; }' } }),
      'preview',
    );
    // as rows written before the column: everything defaulted to production
    await server.database.executeSql(`update artifacts set built_for = 'production'`);
    const migration = readFileSync(
      'server/platform/db/migrations/0005_artifacts_built_for.sql',
      'utf8',
    );
    const update = migration.split('--> statement-breakpoint')[1]!;
    await server.database.executeSql(update);
    const list = await server.app.repos.artifacts.list(1);
    expect(list.find((a) => a.id === preview.artifactId)?.builtFor).toBe('preview');
    expect(list.find((a) => a.id === production.artifactId)?.builtFor).toBe('production');
  });
});
