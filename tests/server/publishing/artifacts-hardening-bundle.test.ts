import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RecommendationsBlockInput } from '#contract/entities/config.ts';
import { buildBundle } from '#server/publishing/bundle/build-bundle.ts';
import { bootOf, build, errors, siteConfigs, type Setup } from './artifacts-hardening-fixtures.ts';

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
