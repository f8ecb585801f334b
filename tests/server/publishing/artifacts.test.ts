import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import postcss from 'postcss';
import type * as z from 'zod';
import {
  mvtConfig,
  recommendationsBlock,
  searchConfig,
  type RecommendationsBlockInput,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { buildBundle } from '#server/publishing/bundle/build-bundle.ts';
import { BundleBuildError, publishBundle } from '#server/publishing/bundle/publish.ts';
import { buildRuntimeUncached, storefrontRuntime } from '#server/publishing/bundle/runtime.ts';
import type { SiteBundleConfigs, VersionedConfig } from '#server/publishing/bundle/types.ts';
import { artifactPointers, artifacts, auditLog } from '#server/platform/db/schema.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { listArtifactsRoute, rollbackArtifactRoute } from '#contract/routes/configs.ts';

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A widget's default templates as a config's htmlTemplate holds them (part → source). */
function defaultTemplates(widget: string): Record<string, string> {
  const dir = join('storefront/widgets', widget, 'templates');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.hbs'))
      .map((f) => [camel(basename(f, '.hbs')), readFileSync(join(dir, f), 'utf8')]),
  );
}

type MvtConfigInput = z.input<typeof mvtConfig>;

const stored = <T>(config: T, version = 1): VersionedConfig<T> => ({
  versionId: version,
  version,
  test: false,
  config,
});

interface Setup {
  /** Merged over the defaults (enabled, selectors of the merchant demo page). */
  instantSearch?: SearchConfigInput;
  autocomplete?: SearchConfigInput;
  recommendationBlocks?: Array<Omit<RecommendationsBlockInput, 'test'>>;
  mvt?: MvtConfigInput;
  tokens?: SiteBundleConfigs['tokens'];
  version?: number;
}

/** A site's production configs: the contract's defaults, enabled on the merchant demo page. */
function siteConfigs(setup: Setup = {}): SiteBundleConfigs {
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

/** The little of jsdom's API used here (the package ships no types). */
interface JsdomModule {
  JSDOM: {
    fromURL(
      url: string,
      options: {
        virtualConsole: unknown;
        runScripts: 'dangerously';
        resources: 'usable';
        pretendToBeVisual: boolean;
        beforeParse(window: Window): void;
      },
    ): Promise<{ window: Window & typeof globalThis }>;
  };
  VirtualConsole: new () => {
    on(event: string, listener: (...args: never[]) => void): void;
  };
}
const jsdomModule = 'jsdom';
const { JSDOM, VirtualConsole } = (await import(jsdomModule)) as JsdomModule;

const HANDLEBARS_COMPILER = ['Parse error on line', 'You must pass a string or Handlebars AST'];

describe('site bundle build', () => {
  const build = (configs: SiteBundleConfigs, publicBaseUrl = '') =>
    buildBundle({ siteId: 1, apiKey: 'KEY', publicBaseUrl, configs });
  const bootOf = (js: string) => js.slice(js.lastIndexOf('digi.site'));
  const errors = (bundle: { diagnostics: Array<{ severity: string }> }) =>
    bundle.diagnostics.filter((d) => d.severity === 'error');

  it('from default configs: the runtime’s precompiled templates, no Handlebars compiler, token variables under #digi-shield', async () => {
    const bundle = await build(siteConfigs());
    expect(errors(bundle)).toEqual([]);
    const boot = bootOf(bundle.js);
    expect(boot).toMatch(/^digi\.site\s*=\s*digi\.boot\(/);
    expect(boot).toContain('"#search-input"');
    expect(boot).toContain('"#search-results"');
    // the runtime's default templates ship precompiled (13 instant search parts, the autocomplete,
    // the card partial …); the defaults add none of their own
    expect(bundle.js.match(/compiler:\[8,">= 4\.3\.0"\]/g)!.length).toBeGreaterThanOrEqual(15);
    // search widgets only: the runtime without the recommendation block and Swiper
    expect(bundle.manifest.runtime).toMatch(/-search$/);
    expect(bundle.js.includes('digi-recommendations__')).toBe(false);
    expect(boot).not.toMatch(/compiler:\[8/);
    for (const text of HANDLEBARS_COMPILER) expect(bundle.js.includes(text), text).toBe(false);

    const declared = new Map<string, string>();
    postcss.parse(bundle.css).walkDecls(/^--/, (decl) => {
      declared.set(decl.prop, (decl.parent as { selector?: string }).selector ?? '');
    });
    expect(declared.get('--colors-primary')).toBe('#digi-shield');
    expect(declared.get('--typography-font-size-sm')).toBe('#digi-shield');
    expect(bundle.css).toContain('#digi-shield .digi-autocomplete');
    expect(bundle.manifest).toMatchObject({
      siteId: 1,
      tokens: { source: 'default', versionKey: 'V3.5' },
      widgets: ['autocomplete', 'instantSearch'],
      configs: [
        { kind: 'instant-search', id: null, versionId: 1, version: 1, test: false },
        { kind: 'autocomplete', id: null, versionId: 1, version: 1, test: false },
      ],
    });
  });

  it('precompiles the configs’ templates on the server: specs in the JS, no template source', async () => {
    const bundle = await build(
      siteConfigs({
        instantSearch: { htmlTemplate: defaultTemplates('instant-search') },
        autocomplete: { htmlTemplate: defaultTemplates('autocomplete') },
      }),
    );
    expect(errors(bundle)).toEqual([]);
    const boot = bootOf(bundle.js);
    // 13 instant search parts + the autocomplete
    expect(boot.match(/compiler:\[8,">= 4\.3\.0"\]/g)).toHaveLength(14);
    expect(boot).toMatch(/main:function\(/);
    expect(boot).not.toContain('{{#if');
    for (const text of HANDLEBARS_COMPILER) expect(bundle.js.includes(text), text).toBe(false);
  });

  it('scopes every rule of a config’s SCSS under #digi-shield and uses the site’s tokens', async () => {
    const bundle = await build(
      siteConfigs({
        instantSearch: {
          css: "@use 'vars' as *;\n$gap: 3px;\nbody { margin: 0 }\n.promo { padding: $gap; a { color: token('colors-primary'); } }\n#digi-shield .own { color: red }",
        },
        tokens: { Colors: { primary: { value: '#ff0000', type: 'color' } } },
      }),
      'https://search.example',
    );
    expect(errors(bundle)).toEqual([]);
    const own = bundle.css.slice(bundle.css.indexOf('/* instantSearch.css */'));
    const selectors: string[] = [];
    postcss.parse(own).walkRules((rule) => void selectors.push(...rule.selectors));
    expect(selectors).toEqual([
      '#digi-shield',
      '#digi-shield .promo',
      '#digi-shield .promo a',
      '#digi-shield .own',
    ]);
    expect(own).toContain('padding: 3px');
    expect(bundle.css).toMatch(/#digi-shield\s*\{[^}]*--colors-primary:\s*#ff0000/);
    expect(bundle.manifest.tokens.source).toBe('site');
    expect(bundle.js.includes('"https://search.example"')).toBe(true);
  });

  it('reports bad SCSS, templates and part scripts by path and builds nothing', async () => {
    const bundle = await build(
      siteConfigs({
        instantSearch: { htmlTemplate: { productItem: '<div>{{#if product}}unclosed</div>' } },
        recommendationBlocks: [
          {
            configId: 7,
            name: 'Похожие',
            placement: '#recs',
            enabledDesktop: true,
            css: '.block { color: $undefined-var; }',
            htmlTemplate: { common: { html: '', script: 'if (' } },
          },
          {
            configId: 8,
            name: 'Обёртка',
            enabledMobile: true,
            // closes the function early: must not reach the bundle
            getWrapperContainerFunction: 'return null; }); (function () {',
          },
        ],
      }),
    );
    expect(bundle.js).toBe('');
    expect(bundle.css).toBe('');
    expect(errors(bundle)).toEqual([
      expect.objectContaining({
        code: 'template/syntax',
        path: 'instantSearch.htmlTemplate.productItem',
        message: expect.stringMatching(/line 1/),
      }),
      expect.objectContaining({
        code: 'script/syntax',
        path: 'recommendationBlocks[0].htmlTemplate.common.script',
      }),
      expect.objectContaining({
        code: 'script/syntax',
        path: 'recommendationBlocks[1].getWrapperContainerFunction',
      }),
      expect.objectContaining({
        code: 'css/scss',
        path: 'recommendationBlocks[0].css',
        message: expect.stringMatching(/Undefined variable.*line 1/),
      }),
    ]);
  });

  it('carries the enabled MVT groups; a custom script with a syntax error fails the build', async () => {
    const mvt: MvtConfigInput = [
      { name: 'a', enabled: true, action: 'DISABLE_IS', share: 30 },
      { name: 'b', enabled: false, action: 'DISABLE_IS', share: 30 },
      { name: 'c', enabled: true, action: 'RUN_CUSTOM_SCRIPT', share: 50, script: 'config.x = 1;' },
    ];
    const bundle = await build(siteConfigs({ mvt }));
    expect(errors(bundle)).toEqual([]);
    const boot = bootOf(bundle.js);
    expect(boot).toMatch(/mvt:\[\{name:"a",action:"DISABLE_IS",share:30\},\{name:"c"/);
    expect(boot).not.toContain('name:"b"');
    expect(boot).toMatch(/script:\(function\((\w+)\)\{\1\.x=1\}\)/);

    const broken = await build(siteConfigs({ mvt: [{ ...mvt[2]!, script: 'config.x = ;' }] }));
    expect(broken.js).toBe('');
    expect(errors(broken)).toEqual([
      expect.objectContaining({ code: 'script/syntax', path: 'mvt[0].script' }),
    ]);
  });

  it('leaves disabled widgets out of the boot config', async () => {
    const bundle = await build(
      siteConfigs({
        autocomplete: { enabled: false },
        recommendationBlocks: [
          { configId: 1, name: 'off', placement: '#a' },
          { configId: 2, name: 'desktop', placement: '#b', enabledDesktop: true },
        ],
      }),
    );
    expect(bundle.manifest.widgets).toEqual(['instantSearch', 'recommendations']);
    expect(bundle.manifest.runtime).toMatch(/-full$/);
    expect(bundle.js.includes('digi-recommendations__')).toBe(true);
    const boot = bootOf(bundle.js);
    expect(boot).toContain('autocomplete:null');
    expect(boot).not.toContain('"#a"');
    expect(boot).toMatch(/placement:"#b"[^}]*desktop:!0,mobile:!1/);
  });
});

describe('storefront runtime', () => {
  it('is built deterministically and kept in memory, so the same configs hash the same after a restart', async () => {
    const first = await storefrontRuntime('search');
    const again = await storefrontRuntime('search');
    expect(again.from).toBe('memory');
    expect(again.js).toBe(first.js);
    expect(first.key).toMatch(/^[0-9a-f]{20}-search$/);
    const fresh = await buildRuntimeUncached('search');
    expect(fresh.js).toBe(first.js);
    expect(fresh.css).toBe(first.css);
    const full = await storefrontRuntime('full');
    expect(full.key).not.toBe(first.key);
    expect(full.js.length).toBeGreaterThan(first.js.length * 1.5);
  });
});

describe.each(DATABASES)('artifacts, /cdn and rollback on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    apiKey = await apiKeyOf(server.database, 1);
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const publish = (
    configs: SiteBundleConfigs,
    slot: 'production' | 'preview' = 'production',
    siteId = 1,
  ) =>
    publishBundle(db(), {
      siteId,
      apiKey,
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
    server.app.inject({ method: 'GET', url, headers });

  it('stores the same build once and serves it immutable, with ETag and content types', async () => {
    // The demo seed already generated the site's first bundles.
    const seeded = await rows();
    const first = await publish(siteConfigs());
    const again = await publish(siteConfigs());
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, artifactId: first.artifactId, hash: first.hash });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await rows()).toBe(seeded + 1);

    const js = await get(first.urls.js);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.body).toContain('digi.boot(');
    const css = await get(first.urls.css);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('#digi-shield');
    const etag = String(js.headers['etag']);
    expect((await get(first.urls.js, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(first.urls.js, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // compressed for clients that take gzip, under its own validator
    const gz = await get(first.urls.js, { 'accept-encoding': 'gzip, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toBe('accept-encoding');
    expect(gz.headers['etag']).not.toBe(etag);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(js.body);
    expect(gz.rawPayload.length).toBeLessThan(js.rawPayload.length / 3);
  });

  it('answers 404 for unknown hashes, other sites’ artifacts and malformed names', async () => {
    const { hash } = await publish(siteConfigs());
    const missing = await get(`/cdn/1/${'0'.repeat(64)}.js`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'No such artifact' });
    expect((await get(`/cdn/2/${hash}.js`)).statusCode).toBe(404);
    expect((await get(`/cdn/1/${hash}.map`)).statusCode).toBe(404);
    expect((await get(`/cdn/1/${hash.slice(1)}.js`)).statusCode).toBe(404);
    expect((await get(`/cdn/abc/${hash}.js`)).statusCode).toBe(404);
    expect((await get('/cdn/abc/digi.js')).statusCode).toBe(404);
  });

  it('the loader injects what production points at, the preview loader what preview does', async () => {
    const empty = await get('/cdn/2/digi.js');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-cache');
    expect(empty.body).toMatch(/^console\.warn\(".*no storefront bundle has been generated/);

    const production = await publish(siteConfigs());
    const preview = await publish(
      siteConfigs({ instantSearch: { css: '.p { x: y }' } }),
      'preview',
    );
    expect(preview.hash).not.toBe(production.hash);
    const loader = await get('/cdn/1/digi.js');
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.body).toContain(`/cdn/1/${production.hash}.js`);
    expect(loader.body).toContain(`/cdn/1/${production.hash}.css`);
    expect(loader.body).not.toContain(preview.hash);
    // The preview loader sits under an unguessable key, not at a sequential path
    expect(preview.urls.loader).toMatch(/^\/cdn\/1\/preview\/[0-9a-f]{32}\/digi\.js$/);
    expect((await get(preview.urls.loader)).body).toContain(`/cdn/1/${preview.hash}.js`);
    expect((await get('/cdn/1/preview/digi.js')).statusCode).toBe(404);
    const otherKey = preview.urls.loader.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect((await get(otherKey)).statusCode).toBe(404);
    const site2Key = preview.urls.loader.replace('/cdn/1/', '/cdn/2/');
    expect((await get(site2Key)).statusCode).toBe(404);
    const page = await get(preview.urls.loader.replace('digi.js', 'demo.html'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(preview.urls.loader);
    expect((await get('/cdn/1/demo.html?slot=preview')).body).not.toContain('/preview/');
    // the loader's origin is never the request's X-Forwarded-Host
    const forwarded = await get('/cdn/1/digi.js', { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.body).not.toContain('evil.example');
    expect(forwarded.headers['set-cookie']).toBeUndefined();
    const etag = String(loader.headers['etag']);
    expect((await get('/cdn/1/digi.js', { 'if-none-match': etag })).statusCode).toBe(304);

    const [pointer] = await db()
      .select()
      .from(artifactPointers)
      .where(and(eq(artifactPointers.siteId, 1), eq(artifactPointers.slot, 'preview')));
    expect(pointer).toMatchObject({ artifactId: preview.artifactId, updatedBy: 'integrator' });

    // a pointer moved by another process (here: straight in the table) shows within a second
    await db()
      .update(artifactPointers)
      .set({ artifactId: production.artifactId })
      .where(and(eq(artifactPointers.siteId, 1), eq(artifactPointers.slot, 'preview')));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(preview.urls.loader)).body).toContain(production.hash);
  });

  it('rollback points production back at once, audited, without building; list shows the history', async () => {
    const older = await publish(siteConfigs());
    const newer = await publish(
      siteConfigs({ version: 2, instantSearch: { css: '.new { a: b }' } }),
    );
    expect((await get('/cdn/1/digi.js')).body).toContain(newer.hash);
    const before = await rows();

    const rolled = await server.app.repos.artifacts.rollback(1, older.artifactId, 'admin');
    expect(rolled).toMatchObject({ id: older.artifactId, hash: older.hash });
    expect(await rows()).toBe(before);
    const loader = await get('/cdn/1/digi.js');
    expect(loader.body).toContain(older.hash);
    expect(loader.body).not.toContain(newer.hash);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'rollback'))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({
      actor: 'admin',
      entity: 'artifact-pointer',
      entityId: '1/production',
      before: { artifactId: newer.artifactId },
      after: { artifactId: older.artifactId, hash: older.hash },
    });

    const history = await server.app.repos.artifacts.list(1);
    expect(history.filter((a) => a.production).map((a) => a.id)).toEqual([older.artifactId]);
    expect(history.find((a) => a.id === newer.artifactId)).toMatchObject({
      production: false,
      createdBy: 'integrator',
      manifest: { configs: expect.arrayContaining([expect.objectContaining({ version: 2 })]) },
    });
    expect(await server.app.repos.artifacts.current(1, 'production')).toMatchObject({
      id: older.artifactId,
    });
  });

  it('refuses to roll back to another site’s or an unknown artifact, changing nothing', async () => {
    const current = await server.app.repos.artifacts.current(1, 'production');
    const audits = async () => Number((await db().select({ n: count() }).from(auditLog))[0]!.n);
    const auditsBefore = await audits();
    const other = await publish(siteConfigs(), 'production', 2);
    const auditsAfterPublish = await audits();
    expect(auditsAfterPublish).toBe(auditsBefore + 1);
    for (const id of [other.artifactId, 999_999]) {
      const error = await server.app.repos.artifacts.rollback(1, id, 'admin').catch((e) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
    }
    expect(await server.app.repos.artifacts.current(1, 'production')).toEqual(current);
    expect(await audits()).toBe(auditsAfterPublish);
  });

  it('GET /api/site/:id/artifacts lists the history; POST …/rollback switches production, role- and site-guarded', async () => {
    const older = await publish(siteConfigs({ version: 5 }));
    const newer = await publish(
      siteConfigs({ version: 6, instantSearch: { css: '.v6 { a: b }' } }),
    );
    const manager = await server.as('manager');
    const list = await manager.call(listArtifactsRoute, { params: { id: 1 } });
    expect(list[0]).toMatchObject({
      id: newer.artifactId,
      hash: newer.hash,
      production: true,
      createdBy: 'integrator',
      jsUrl: newer.urls.js,
      cssUrl: newer.urls.css,
    });
    expect(list[0]!.jsBytes).toBe(Buffer.byteLength((await get(newer.urls.js)).body));
    expect(list.filter((a) => a.production)).toHaveLength(1);

    // manager may look but not roll back; nobody signed out may do either
    const rollback = { params: { id: 1, artifactId: older.artifactId } };
    expect((await failure(manager.call(rollbackArtifactRoute, rollback))).status).toBe(403);
    expect(
      (await failure(server.client().call(listArtifactsRoute, { params: { id: 1 } }))).status,
    ).toBe(401);
    expect((await get('/cdn/1/digi.js')).body).toContain(newer.hash);

    const designer = await server.as('designer');
    const answer = await designer.call(rollbackArtifactRoute, rollback);
    expect(answer).toMatchObject({ id: older.artifactId, hash: older.hash, production: true });
    expect((await get('/cdn/1/digi.js')).body).toContain(older.hash);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rollback'), eq(auditLog.actor, 'designer')));
    expect(audit).toMatchObject({ before: { artifactId: newer.artifactId } });

    const otherSite = await publish(siteConfigs(), 'production', 2);
    const error = await failure(
      designer.call(rollbackArtifactRoute, { params: { id: 1, artifactId: otherSite.artifactId } }),
    );
    expect(error.status).toBe(404);
    expect((await get('/cdn/1/digi.js')).body).toContain(older.hash);
  });

  it('a build with bad SCSS fails with a clear message and stores nothing', async () => {
    const before = await rows();
    const pointer = await server.app.repos.artifacts.current(1, 'production');
    const error = await publish(siteConfigs({ autocomplete: { css: '.ac { color: ; }' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleBuildError);
    expect((error as BundleBuildError).message).toMatch(
      /^The storefront bundle was not built: autocomplete\.css: /,
    );
    expect((error as BundleBuildError).diagnostics[0]).toMatchObject({ path: 'autocomplete.css' });
    expect(await rows()).toBe(before);
    expect(await server.app.repos.artifacts.current(1, 'production')).toEqual(pointer);
  });

  /** Opens /cdn/1/demo.html in jsdom against the listening server, runs `check`, closes it. */
  async function onMerchantPage(
    check: (page: {
      window: Window & typeof globalThis;
      address: string;
      errors: unknown[];
      until(condition: () => boolean): Promise<boolean>;
    }) => Promise<void>,
  ): Promise<void> {
    const address = server.app.server.listening
      ? `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`
      : await server.app.listen({ port: 0, host: '127.0.0.1' });
    const errors: unknown[] = [];
    const inFlight = new Set<Promise<Response>>();
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('error', (...args: unknown[]) => errors.push(args));
    virtualConsole.on('warn', (...args: unknown[]) => errors.push(args));
    virtualConsole.on('jsdomError', (error: Error) => errors.push(error.message));
    const dom = await JSDOM.fromURL(`${address}/cdn/1/demo.html`, {
      virtualConsole,
      runScripts: 'dangerously',
      resources: 'usable',
      pretendToBeVisual: true,
      beforeParse(window) {
        // the widgets' /public calls go to the listening server; tracked so none outlives the test
        (window as unknown as { fetch: typeof fetch }).fetch = (input, init) => {
          const request = fetch(input, init);
          inFlight.add(request);
          void request.catch(() => undefined).finally(() => inFlight.delete(request));
          return request;
        };
        window.addEventListener('error', (event: ErrorEvent) => errors.push(event.error));
      },
    });
    const until = async (condition: () => boolean, ms = 15_000) => {
      const end = Date.now() + ms;
      while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return condition();
    };
    try {
      const site = () =>
        (dom.window as unknown as { digi?: { site?: { ready: Promise<void> } } }).digi?.site;
      expect(await until(() => site() !== undefined)).toBe(true);
      await site()!.ready;
      await check({ window: dom.window, address, errors, until });
    } finally {
      dom.window.close();
      await Promise.allSettled([...inFlight]);
    }
  }

  it('the sandboxed demo page keeps its shopper in one session across pages, and a product page has the product block’s place', async () => {
    const first = await get('/cdn/1/demo.html?product=P1');
    const cookie = first.cookies.find((c) => c.name === 'vitrina_demo_session');
    expect(cookie).toMatchObject({ path: '/cdn/1/', httpOnly: true, sameSite: 'Lax' });
    const session = cookie!.value;
    expect(first.body).toContain(
      `<main data-digi-session-id="${session}" data-digi-product-id="P1">`,
    );
    expect(first.body).toContain('<section id="product-recommendations"');
    // the next page, with the cookie the browser keeps: the same session
    const next = await get('/cdn/1/demo.html', { cookie: `vitrina_demo_session=${session}` });
    expect(next.body).toContain(`<main data-digi-session-id="${session}">`);
    expect(next.body).not.toContain('product-recommendations');
    // another shopper (no cookie, or one no session id can be): a session of their own
    const other = await get('/cdn/1/demo.html', { cookie: 'vitrina_demo_session="><script>' });
    expect(other.body).not.toContain(session);
    expect(other.body).not.toContain('"><script>');
  });

  it('the merchant page, with only the loader, gets the production search widgets mounted', async () => {
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 120 }));
    const published = await publish(
      siteConfigs({
        autocomplete: { selectors: { input: '#search-input', submit: '#search-submit' } },
      }),
    );
    expect(published.manifest.runtime).toMatch(/-search$/);
    const page = await get('/cdn/1/demo.html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="/cdn/1/digi.js"></script>');
    expect(page.body.match(/<script/g)).toHaveLength(1);

    await onMerchantPage(async ({ window, address, errors, until }) => {
      expect(errors).toEqual([]);
      const doc = window.document;
      expect(doc.querySelector('link[rel=stylesheet]')?.getAttribute('href')).toBe(
        `${address}${published.urls.css}`,
      );
      const input = doc.getElementById('search-input') as HTMLInputElement;
      expect(input.getAttribute('role')).toBe('combobox');
      // (two shields repeat the id: find the widgets by class, then check the shield around them)
      const ac = doc.querySelector('header .digi-autocomplete');
      expect(ac?.parentElement?.id).toBe('digi-shield');
      const is = doc.querySelector('#search-results .digi-instant-search');
      expect(is?.parentElement?.id).toBe('digi-shield');

      input.value = 'курт';
      input.dispatchEvent(new window.Event('input', { bubbles: true }));
      expect(
        await until(() => doc.querySelectorAll('.digi-autocomplete__item--product').length > 0),
      ).toBe(true);

      // the site's search button sends the typed query to the instant search on the page
      const results = doc.getElementById('search-results')!;
      const header = () => results.querySelector('.digi-instant-search__total')?.textContent ?? '';
      expect(header()).not.toContain('куртка');
      input.value = 'куртка';
      doc.getElementById('search-submit')!.click();
      expect(await until(() => header().includes('«куртка»'))).toBe(true);
      // the list re-renders after its own delay (500 ms against the header's 200 ms)
      const names = () =>
        [...results.querySelectorAll('.digi-card__name')].map((a) => a.textContent ?? '');
      expect(await until(() => names().some((name) => /куртк/i.test(name)))).toBe(true);
      expect(window.location.pathname).toBe('/cdn/1/demo.html'); // the form was not submitted
    });
  });

  it('a recommendation block mounts at its placement in the full runtime and runs its part script', async () => {
    const published = await publish(
      siteConfigs({
        // every visitor is in the first group (no autocomplete), none in the second
        mvt: [
          { name: 'no-autocomplete', enabled: true, action: 'DISABLE_AUTOCOMPLETE', share: 100 },
          { name: 'no-search', enabled: true, action: 'DISABLE_IS', share: 0 },
          { name: 'off', enabled: false, action: 'DISABLE_IS', share: 100 },
        ],
        recommendationBlocks: [
          {
            configId: 3,
            name: 'Хиты',
            // no placement: the wrapper function finds the element, the insert function adds the slot
            getWrapperContainerFunction: "return document.getElementById('recommendations');",
            insertFunction: 'placement.appendChild(element);',
            enabledDesktop: true,
            lazyLoad: false,
            strategy: 'popular',
            message: 'Хиты продаж',
            customSettings: { widgetType: 'INFINITY_LIST' },
            htmlTemplate: {
              common: { html: '', script: "element.setAttribute('data-rendered', part);" },
            },
          },
        ],
      }),
    );
    expect(published.manifest.runtime).toMatch(/-full$/);
    await onMerchantPage(async ({ window, errors, until }) => {
      expect(errors).toEqual([]);
      const doc = window.document;
      const placement = doc.getElementById('recommendations')!;
      const block = placement.querySelector<HTMLElement>(':scope > .digi-recommendations-slot')!;
      expect(block).not.toBeNull();
      expect(await until(() => block.querySelectorAll('.digi-card').length > 0)).toBe(true);
      expect(block.textContent).toContain('Хиты продаж');
      expect(block.getAttribute('data-rendered')).toBe('common');
      // the MVT group switches the autocomplete off: the site's input is left alone
      expect(doc.getElementById('search-input')!.getAttribute('role')).toBeNull();
      expect(doc.querySelector('#search-results .digi-instant-search')).not.toBeNull();
      const site = (window as unknown as { digi: { site: { mvtGroups: string[] } } }).digi.site;
      expect(site.mvtGroups).toEqual(['no-autocomplete']);
    });
  });
});
