import { describe, expect, it } from 'vitest';
import postcss from 'postcss';
import { buildBundle } from '#server/publishing/bundle/build-bundle.ts';
import { buildRuntimeUncached, storefrontRuntime } from '#server/publishing/bundle/runtime.ts';
import type { SiteBundleConfigs } from '#server/publishing/bundle/types.ts';
import { defaultTemplates, siteConfigs, type MvtConfigInput } from './artifacts-fixtures.ts';

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
