/**
 * The instant search's boot config (server/publishing/bundle/boot-search.ts instantSearchOf):
 * disableRouter, the zero-results recommendation block and zeroSearchPredicate reach the bundle.
 */
import { describe, expect, it } from 'vitest';
import { searchConfig, type SearchConfigInput } from '#contract/entities/config.ts';
import { instantSearchOf } from '#server/publishing/bundle/boot-search.ts';
import { buildBundle } from '#server/publishing/bundle/build-bundle.ts';
import { CodeTable } from '#server/publishing/bundle/code-table.ts';
import type { BundleDiagnostic } from '#server/publishing/bundle/types.ts';

const config = (input: SearchConfigInput = {}) =>
  searchConfig.parse({ enabled: true, selectors: { container: '#search-results' }, ...input });

async function bootOf(input: SearchConfigInput) {
  const diagnostics: BundleDiagnostic[] = [];
  const code = new CodeTable(diagnostics);
  const boot = await instantSearchOf(config(input), code, diagnostics, []);
  return { boot, diagnostics, code };
}

describe('instant search boot config', () => {
  it('by default: the router on, no zero-results block, no predicate', async () => {
    const { boot, diagnostics } = await bootOf({});
    expect(diagnostics).toEqual([]);
    expect(boot).not.toHaveProperty('disableRouter');
    expect(boot).not.toHaveProperty('recommendationsOnZero');
    expect(boot).not.toHaveProperty('zeroSearch');
  });

  it('carries disableRouter, and the placement only with recommendationsOnZeroResults on', async () => {
    const on = await bootOf({
      disableRouter: true,
      customSettings: {
        recommendationsOnZeroResults: true,
        recommendationsOnZeroPlacement: ' #recommendations ',
      },
    });
    expect(on.boot).toMatchObject({
      disableRouter: true,
      recommendationsOnZero: '#recommendations',
    });
    const off = await bootOf({
      customSettings: { recommendationsOnZeroPlacement: '#recommendations' },
    });
    expect(off.boot).not.toHaveProperty('recommendationsOnZero');
    const empty = await bootOf({ customSettings: { recommendationsOnZeroResults: true } });
    expect(empty.boot).not.toHaveProperty('recommendationsOnZero');
  });

  it('compiles zeroSearchPredicate as function (response, query), silent like the hooks', async () => {
    const { boot, diagnostics, code } = await bootOf({
      zeroSearchPredicate: 'return response.totalHits < 3 || query === "носки";',
      hookConfig: { silent: true, hooks: {} },
    });
    expect(diagnostics).toEqual([]);
    expect(boot?.zeroSearch?.silent).toBe(true);
    const text = code.splice(JSON.stringify(boot));
    const run = (
      new Function(`return ${text}`)() as {
        zeroSearch: { run: (response: unknown, query: string) => boolean };
      }
    ).zeroSearch.run;
    expect(run({ totalHits: 2 }, 'куртка')).toBe(true);
    expect(run({ totalHits: 20 }, 'куртка')).toBe(false);
    expect(run({ totalHits: 20 }, 'носки')).toBe(true);
  });

  it('reports a predicate that does not compile by its path, and the bundle is not built', async () => {
    const { boot, diagnostics } = await bootOf({
      zeroSearchPredicate: 'return response.totalHits <',
    });
    expect(boot).not.toHaveProperty('zeroSearch');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'script/syntax',
        path: 'instantSearch.zeroSearchPredicate',
        severity: 'error',
      }),
    ]);
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: '',
      configs: {
        instantSearch: {
          versionId: 1,
          version: 1,
          test: false,
          config: config({ zeroSearchPredicate: 'return (' }),
        },
        autocomplete: null,
        search: null,
        tracking: null,
        mvt: null,
        recommendationBlocks: [],
        globalComponents: [],
        tokens: null,
      },
    });
    expect(bundle.js).toBe('');
    expect(bundle.diagnostics).toContainEqual(
      expect.objectContaining({ path: 'instantSearch.zeroSearchPredicate' }),
    );
  });

  it('the built bundle boots with them', async () => {
    const bundle = await buildBundle({
      siteId: 1,
      apiKey: 'KEY',
      publicBaseUrl: '',
      configs: {
        instantSearch: {
          versionId: 1,
          version: 1,
          test: false,
          config: config({
            disableRouter: true,
            zeroSearchPredicate: 'return query === "socks";',
            customSettings: {
              recommendationsOnZeroResults: true,
              recommendationsOnZeroPlacement: '#recommendations',
            },
          }),
        },
        autocomplete: null,
        search: null,
        tracking: null,
        mvt: null,
        recommendationBlocks: [],
        globalComponents: [],
        tokens: null,
      },
    });
    expect(bundle.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const boot = bundle.js.slice(bundle.js.lastIndexOf('digi.site'));
    expect(boot).toMatch(/disableRouter:!0/);
    expect(boot).toContain('recommendationsOnZero:"#recommendations"');
    expect(boot).toMatch(
      /zeroSearch:\{run:\(?function\((\w+),(\w+)\)\{return \2==="socks"\}\)?,silent:!1\}/,
    );
  });
});
