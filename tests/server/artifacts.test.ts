import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import postcss from 'postcss';
import { buildBundle } from '#server/artifacts/build-bundle.ts';
import { BundleBuildError, publishBundle } from '#server/artifacts/publish.ts';
import type { SiteBundleConfigs } from '#server/artifacts/types.ts';
import { artifactPointers, artifacts, auditLog } from '#server/db/schema.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

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

/** The configs a new site starts with, pointed at the merchant demo page's elements. */
function defaultConfigs(overrides: Partial<SiteBundleConfigs> = {}): SiteBundleConfigs {
  return {
    instantSearch: {
      id: 11,
      version: 1,
      test: false,
      enabled: true,
      selectors: { container: '#search-results' },
      htmlTemplate: defaultTemplates('instant-search'),
      css: '',
    },
    autocomplete: {
      id: 12,
      version: 1,
      test: false,
      enabled: true,
      selectors: { input: '#search-input' },
      htmlTemplate: JSON.stringify(defaultTemplates('autocomplete')),
      customSettings: { typesAC: 'queries,products' },
      css: '',
    },
    search: null,
    tracking: null,
    mvt: null,
    recommendationBlocks: [],
    globalComponents: [],
    tokens: null,
    ...overrides,
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
  it('ships precompiled templates, the Handlebars runtime only, and token variables under #digi-shield', async () => {
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: '',
      configs: defaultConfigs(),
    });
    expect(bundle.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const boot = bundle.js.slice(bundle.js.lastIndexOf('digi.site'));
    expect(boot).toMatch(/^digi\.site\s*=\s*digi\.boot\(/);
    // one precompiled spec per template: 13 instant search parts + the autocomplete
    expect(boot.match(/compiler:\[8,">= 4\.3\.0"\]/g)).toHaveLength(14);
    expect(boot).toMatch(/main:function\(/);
    expect(boot).toContain('"#search-input"');
    for (const text of HANDLEBARS_COMPILER) expect(bundle.js).not.toContain(text);
    expect(boot).not.toContain('{{#if'); // no template source went in

    const declared = new Map<string, string>();
    postcss.parse(bundle.css).walkDecls(/^--/, (decl) => {
      const rule = decl.parent as { selector?: string };
      declared.set(decl.prop, rule.selector ?? '');
    });
    expect(declared.get('--colors-primary')).toBe('#digi-shield');
    expect(declared.get('--typography-font-size-sm')).toBe('#digi-shield');
    expect(bundle.css).toContain('#digi-shield .digi-autocomplete');
    expect(bundle.manifest).toMatchObject({
      siteId: 1,
      tokens: { source: 'default', versionKey: 'V3.5' },
      widgets: ['autocomplete', 'instantSearch'],
      configs: [
        { kind: 'instantSearch', id: '11', version: 1, test: false },
        { kind: 'autocomplete', id: '12', version: 1, test: false },
      ],
    });
  });

  it('scopes every rule of a config’s SCSS under #digi-shield and uses the site’s tokens', async () => {
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: 'https://search.example',
      configs: defaultConfigs({
        instantSearch: {
          ...defaultConfigs().instantSearch,
          css: "@use 'vars' as *;\n$gap: 3px;\nbody { margin: 0 }\n.promo { padding: $gap; a { color: token('colors-primary'); } }\n#digi-shield .own { color: red }",
        },
        tokens: { Colors: { primary: { value: '#ff0000', type: 'color' } } },
      }),
    });
    expect(bundle.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
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
    expect(bundle.js).toContain('"https://search.example"');
  });

  it('reports bad SCSS and bad templates by path and builds nothing', async () => {
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: '',
      configs: defaultConfigs({
        instantSearch: {
          ...defaultConfigs().instantSearch,
          htmlTemplate: { productItem: '<div>{{#if product}}unclosed</div>' },
        },
        recommendationBlocks: [
          { configId: 7, placement: '#recs', css: '.block { color: $undefined-var; }' },
        ],
      }),
    });
    expect(bundle.js).toBe('');
    expect(bundle.css).toBe('');
    expect(bundle.diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'template/syntax',
          path: 'instantSearch.htmlTemplate.productItem',
          severity: 'error',
          message: expect.stringMatching(/line 1/),
        }),
        expect.objectContaining({
          code: 'css/scss',
          path: 'recommendationBlocks[0].css',
          severity: 'error',
          message: expect.stringMatching(/Undefined variable.*line 1/),
        }),
      ]),
    );
  });

  it('leaves disabled widgets out of the boot config', async () => {
    const configs = defaultConfigs();
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: '',
      configs: {
        ...configs,
        autocomplete: { ...configs.autocomplete, enabled: false },
        recommendationBlocks: [
          { configId: 1, placement: '#a', enabledDesktop: false, enabledMobile: false },
          { configId: 2, placement: '#b', enabledDesktop: true, enabledMobile: false },
        ],
      },
    });
    expect(bundle.manifest.widgets).toEqual(['instantSearch', 'recommendations']);
    const boot = bundle.js.slice(bundle.js.lastIndexOf('digi.site'));
    expect(boot).toContain('autocomplete:null');
    expect(boot).not.toContain('"#a"');
    expect(boot).toMatch(/placement:"#b"[^}]*desktop:!0,mobile:!1/);
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
    const first = await publish(defaultConfigs());
    const again = await publish(defaultConfigs());
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, artifactId: first.artifactId, hash: first.hash });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await rows()).toBe(1);

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
  });

  it('answers 404 for unknown hashes, other sites’ artifacts and malformed names', async () => {
    const { hash } = await publish(defaultConfigs());
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

    const production = await publish(defaultConfigs());
    const preview = await publish(
      defaultConfigs({ instantSearch: { ...defaultConfigs().instantSearch, css: '.p { x: y }' } }),
      'preview',
    );
    expect(preview.hash).not.toBe(production.hash);
    const loader = await get('/cdn/1/digi.js');
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.body).toContain(`/cdn/1/${production.hash}.js`);
    expect(loader.body).toContain(`/cdn/1/${production.hash}.css`);
    expect(loader.body).not.toContain(preview.hash);
    expect((await get('/cdn/1/preview/digi.js')).body).toContain(`/cdn/1/${preview.hash}.js`);
    const etag = String(loader.headers['etag']);
    expect((await get('/cdn/1/digi.js', { 'if-none-match': etag })).statusCode).toBe(304);

    const [pointer] = await db()
      .select()
      .from(artifactPointers)
      .where(and(eq(artifactPointers.siteId, 1), eq(artifactPointers.slot, 'preview')));
    expect(pointer).toMatchObject({ artifactId: preview.artifactId, updatedBy: 'integrator' });
  });

  it('rollback points production back at once, audited, without building; list shows the history', async () => {
    const older = await publish(defaultConfigs());
    const newer = await publish(
      defaultConfigs({
        instantSearch: { ...defaultConfigs().instantSearch, version: 2, css: '.new { a: b }' },
      }),
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
    const other = await publish(defaultConfigs(), 'production', 2);
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

  it('a build with bad SCSS fails with a clear message and stores nothing', async () => {
    const before = await rows();
    const pointer = await server.app.repos.artifacts.current(1, 'production');
    const error = await publish(
      defaultConfigs({
        autocomplete: { ...defaultConfigs().autocomplete, css: '.ac { color: ; }' },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleBuildError);
    expect((error as BundleBuildError).message).toMatch(
      /^The storefront bundle was not built: autocomplete\.css: /,
    );
    expect((error as BundleBuildError).diagnostics[0]).toMatchObject({ path: 'autocomplete.css' });
    expect(await rows()).toBe(before);
    expect(await server.app.repos.artifacts.current(1, 'production')).toEqual(pointer);
  });

  it('the merchant page, with only the loader, gets the production widgets mounted', async () => {
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 120 }));
    const published = await publish(defaultConfigs());
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const page = await get('/cdn/1/demo.html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="/cdn/1/digi.js"></script>');
    expect(page.body.match(/<script/g)).toHaveLength(1);

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
    try {
      const { window } = dom;
      const until = async (check: () => boolean, ms = 15_000) => {
        const end = Date.now() + ms;
        while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
        return check();
      };
      const site = () =>
        (window as unknown as { digi?: { site?: { ready: Promise<void> } } }).digi?.site;
      expect(await until(() => site() !== undefined)).toBe(true);
      await site()!.ready;
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
    } finally {
      dom.window.close();
      await Promise.allSettled([...inFlight]);
    }
  });
});
