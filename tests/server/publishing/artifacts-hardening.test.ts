import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { previewBase } from '#server/publishing/bundle/preview-key.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mvtConfig,
  recommendationsBlock,
  searchConfig,
  type RecommendationsBlockInput,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { buildBundle } from '#server/publishing/bundle/build-bundle.ts';
import { BundleBuildError, publishBundle } from '#server/publishing/bundle/publish.ts';
import type { SiteBundleConfigs, VersionedConfig } from '#server/publishing/bundle/types.ts';
import { listArtifactsRoute, rollbackArtifactRoute } from '#contract/routes/configs.ts';
import { registerSiteToUserRoute, registerUserRoute } from '#contract/routes/users.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

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
    mvt: stored(mvtConfig.parse([])),
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

describe('config SCSS', () => {
  const secretDir = mkdtempSync(join(tmpdir(), 'vitrina-secret-'));
  writeFileSync(join(secretDir, '_secret.scss'), '.leak { content: "SECRET-VALUE"; }');
  writeFileSync(join(secretDir, 'plain.css'), '.leak { content: "SECRET-CSS"; }');
  const withCss = (css: string) => siteConfigs({ instantSearch: { css } });

  it.each([
    ['an absolute path', `@use "${join(secretDir, 'secret')}";`],
    ['a file: URL', `@use "file://${join(secretDir, 'secret')}";`],
    [
      'a ../ path',
      `@use "${relative(join(process.cwd(), 'storefront/styles'), join(secretDir, 'secret'))}";`,
    ],
    ['a plain css file', `@import "${join(secretDir, 'plain')}";`],
    ['load-css', `@use 'sass:meta'; @include meta.load-css("${join(secretDir, 'secret')}");`],
  ])('refuses to load %s: an error diagnostic, no CSS', async (_, scss) => {
    const bundle = await build(withCss(scss));
    expect(errors(bundle)).toEqual([
      expect.objectContaining({ code: 'css/scss', path: 'instantSearch.css' }),
    ]);
    expect(bundle.css).toBe('');
    expect(bundle.css + bundle.js).not.toContain('SECRET');
  });

  // These at-rules act on the whole page whatever their place in the sheet
  it.each([
    ['@font-face', '@font-face { font-family: "Arial"; src: url(x.woff2); }'],
    ['@property', '@property --x { syntax: "<length>"; inherits: true; initial-value: 0px; }'],
    ['@page', '@page { margin: 0; }'],
    ['@import', '@import url("https://evil.example/x.css");'],
    ['@font-face', '.a { @media (min-width: 1px) { @font-face { font-family: x; } } }'],
  ])('refuses %s in config styles: an error diagnostic, no CSS', async (rule, scss) => {
    const bundle = await build(withCss(scss));
    expect(errors(bundle)).toEqual([
      expect.objectContaining({
        code: 'css/guard',
        path: 'instantSearch.css',
        message: expect.stringContaining(rule),
      }),
    ]);
    expect(bundle.css).not.toContain(rule);
  });

  it('renames @keyframes into the shield’s namespace, with the animations naming them', async () => {
    const bundle = await build(
      withCss('@keyframes spin { to { opacity: 0; } } .x { animation: spin 1s linear; }'),
    );
    expect(errors(bundle)).toEqual([]);
    expect(bundle.css).toContain('@keyframes digi-shield-spin');
    expect(bundle.css).toMatch(/animation: digi-shield-spin 1s linear/);
    expect(bundle.css).not.toMatch(/@keyframes spin\b/);
  });

  it('refuses compiled CSS above the size cap', async () => {
    const bundle = await build(
      withCss('@for $i from 1 through 20000 { .c#{$i} { width: $i * 1px; } }'),
    );
    expect(errors(bundle)).toEqual([
      expect.objectContaining({ code: 'css/guard', message: expect.stringMatching(/bytes/) }),
    ]);
  });

  it('still gives config SCSS the storefront’s vars module', async () => {
    const bundle = await build(
      withCss("@use 'vars' as *;\n.x { color: token('colors-primary'); }"),
    );
    expect(errors(bundle)).toEqual([]);
    expect(bundle.css).toMatch(/#digi-shield \.x \{\s*color: var\(--colors-primary/);
  });

  it('a @while that never ends fails the build within the timeout, and the next build works', async () => {
    const t0 = Date.now();
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: '',
      configs: withCss('$i: 0;\n@while $i < 1 { $j: $i; }\n.x { a: b; }'),
      scssTimeoutMs: 1500,
    });
    expect(Date.now() - t0).toBeLessThan(6000);
    expect(errors(bundle)).toEqual([
      expect.objectContaining({
        path: 'instantSearch.css',
        message: 'SCSS compile timed out after 1.5 s',
      }),
    ]);
    expect(bundle.js).toBe('');
    const next = await build(withCss('.y { color: red; }'));
    expect(errors(next)).toEqual([]);
    expect(next.css).toContain('#digi-shield .y');
  });
});

describe('recommendation block settings', () => {
  const block = (extra: Partial<RecommendationsBlockInput>) => ({
    name: 'Хиты',
    placement: '#recommendations',
    enabledDesktop: true,
    ...extra,
  });

  it('takes the strategy from the block’s top-level field, customSettings.strategy only for old rows', async () => {
    const bundle = await build(
      siteConfigs({
        recommendationBlocks: [
          block({ strategy: 'same_category', customSettings: { strategy: 'similar_price' } }),
          block({ customSettings: { strategy: 'similar_price' } }),
          block({ strategy: 'same_category' }),
        ],
      }),
    );
    expect(errors(bundle)).toEqual([]);
    const strategies = [...bootOf(bundle.js).matchAll(/strategy:"([^"]*)"/g)]
      .map((m) => m[1])
      .slice(1); // the instant search first
    expect(strategies).toEqual(['same_category', 'similar_price', 'same_category']);
  });
});

/** The little of jsdom's API used here (the package ships no types). */
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string; runScripts: 'dangerously'; pretendToBeVisual: boolean },
  ) => { window: Window & typeof globalThis };
}
const jsdomModule = 'jsdom';
const { JSDOM } = (await import(jsdomModule)) as JsdomModule;

interface Probe {
  calls: Array<[string, unknown]>;
  margins: string[];
}

/** Runs a built bundle on a bare page (no network: requests never answer) and returns its probe. */
async function runBundle(js: string) {
  const dom = new JSDOM(
    '<!doctype html><div id="search-results"></div><div id="recommendations"></div>',
    { url: 'http://127.0.0.1:9/shop', runScripts: 'dangerously', pretendToBeVisual: true },
  );
  const window = dom.window;
  const probe: Probe = { calls: [], margins: [] };
  Object.assign(window, {
    probe,
    fetch: () => new Promise(() => undefined),
    IntersectionObserver: class {
      constructor(_: unknown, options: { rootMargin: string }) {
        probe.margins.push(options.rootMargin);
      }
      observe() {}
      disconnect() {}
    },
  });
  const errors: unknown[] = [];
  window.console.error = (...args: unknown[]) => void errors.push(args);
  const script = window.document.createElement('script');
  script.textContent = js; // a strict-mode script: `var digi` only becomes global this way
  window.document.body.appendChild(script);
  const site = (
    window as unknown as {
      digi: { site: { ready: Promise<void>; hooks: Record<string, (d?: unknown) => void> } };
    }
  ).digi.site;
  await site.ready;
  return { window, site, probe, errors, close: () => window.close() };
}

describe('config scripts in the bundle', () => {
  const hooks = {
    init: 'probe.calls.push(["init", detail.siteId]);',
    afterRender: 'probe.calls.push(["afterRender", detail.widget + ":" + detail.part]);',
    afterMount: 'probe.calls.push(["afterMount", detail.widgets.instantSearch !== null]);',
    custom: 'probe.calls.push(["custom", detail]);',
    broken: 'throw new Error("boom");',
  };

  it('emits hookConfig.hooks: init, afterRender, afterMount are called, every hook is digi.site.hooks[name]', async () => {
    const bundle = await build(siteConfigs({ instantSearch: { hookConfig: { hooks } } }));
    expect(errors(bundle)).toEqual([]);
    const page = await runBundle(bundle.js);
    try {
      const names = page.probe.calls.map(([name]) => name);
      expect(page.probe.calls[0]).toEqual(['init', 1]);
      expect(page.probe.calls).toContainEqual(['afterMount', true]);
      expect(names.indexOf('init')).toBeLessThan(names.indexOf('afterMount'));
      expect(Object.keys(page.site.hooks).sort()).toEqual(Object.keys(hooks).sort());
      page.site.hooks['custom']!({ from: 'page' });
      expect(page.probe.calls).toContainEqual(['custom', { from: 'page' }]);
      // the instant search renders its layout at once; its hook hears every part render
      expect(
        page.probe.calls.some(([n, d]) => n === 'afterRender' && /^instantSearch:/.test(String(d))),
      ).toBe(true);
      page.site.hooks['broken']!();
      expect(page.errors).toHaveLength(1);
    } finally {
      page.close();
    }
  });

  it('a silent hookConfig swallows its hooks’ errors', async () => {
    const bundle = await build(
      siteConfigs({
        instantSearch: { hookConfig: { silent: true, hooks: { broken: hooks.broken } } },
      }),
    );
    const page = await runBundle(bundle.js);
    try {
      page.site.hooks['broken']!();
      expect(page.errors).toEqual([]);
    } finally {
      page.close();
    }
  });

  it('uses a block’s lazyLoadMargin…Function for the lazy-load margin', async () => {
    const bundle = await build(
      siteConfigs({
        instantSearch: { enabled: false },
        recommendationBlocks: [
          {
            name: 'Хиты',
            placement: '#recommendations',
            enabledDesktop: true,
            lazyLoadMarginDesktopFunction: 'return 1234;',
            lazyLoadMarginMobileFunction: 'return 55;',
          },
        ],
      }),
    );
    expect(errors(bundle)).toEqual([]);
    const page = await runBundle(bundle.js);
    try {
      expect(page.probe.margins).toContain('1234px 0px');
    } finally {
      page.close();
    }
  });

  it.each([
    [
      'instantSearch.hookConfig.hooks.evil',
      { instantSearch: { hookConfig: { hooks: { evil: '}) && evil() || (function(){' } } } },
    ],
    [
      'recommendationBlocks[0].lazyLoadMarginDesktopFunction',
      {
        recommendationBlocks: [
          {
            name: 'x',
            placement: '#r',
            enabledDesktop: true,
            lazyLoadMarginDesktopFunction: '}) && evil() || (function(){',
          },
        ],
      },
    ],
    [
      'recommendationBlocks[0].lazyLoadMarginMobileFunction',
      {
        recommendationBlocks: [
          {
            name: 'x',
            placement: '#r',
            enabledMobile: true,
            lazyLoadMarginMobileFunction: 'return (',
          },
        ],
      },
    ],
  ] as Array<[string, Setup]>)(
    'rejects a script escaping its function: %s',
    async (path, setup) => {
      const bundle = await build(siteConfigs(setup));
      expect(errors(bundle)).toEqual([expect.objectContaining({ code: 'script/syntax', path })]);
      expect(bundle.js).toBe('');
    },
  );
});

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
