import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import postcss, { type Rule } from 'postcss';
import * as sass from 'sass';
import { compileTokens } from '#tokens/index.ts';

const compiled = sass.compile('storefront/styles/storefront.scss', { style: 'expanded' }).css;

type TokenTree = { [key: string]: TokenTree | { value: unknown; type: string } };

/** The CSS variables the token compiler defines for a set. */
function compiledVariables(tree: TokenTree, versionKey: 'V3' | 'V3.5'): Set<string> {
  const result = compileTokens(tree, { versionKey });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return new Set([...(result.css ?? '').matchAll(/(--[a-z0-9-]+):/g)].map((m) => m[1]!));
}

describe('storefront styles', () => {
  it('scope every selector under #digi-shield: nothing leaks onto the host page', () => {
    const selectors: string[] = [];
    postcss.parse(compiled).walkRules((rule: Rule) => {
      if (
        rule.parent?.type === 'atrule' &&
        /keyframes$/.test((rule.parent as { name: string }).name)
      )
        return;
      selectors.push(...rule.selectors);
    });
    expect(selectors.length).toBeGreaterThan(100);
    const leaking = selectors.filter((s) => !/^#digi-shield(?![\w-])/.test(s));
    expect(leaking).toEqual([]);
    expect(compiled).not.toMatch(/:root|(^|\n)\s*(html|body)\b/);
  });

  it('keyframes are prefixed so they cannot clash with the page', () => {
    const names: string[] = [];
    postcss.parse(compiled).walkAtRules(/keyframes$/, (at) => void names.push(at.params));
    expect(names.every((n) => n.startsWith('digi-'))).toBe(true);
  });

  for (const [file, versionKey] of [
    ['default-v3.json', 'V3'],
    ['default-v3.5.json', 'V3.5'],
  ] as const) {
    it(`token set ${file} compiles to every variable the styles use`, () => {
      const tree = JSON.parse(
        readFileSync(`storefront/styles/tokens/${file}`, 'utf8'),
      ) as TokenTree;
      const defined = compiledVariables(tree, versionKey);
      const used = new Set([...compiled.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1]!));
      used.delete('--digi-slider-per-view'); // set by the slider template, not a token
      expect([...used].filter((v) => !defined.has(v))).toEqual([]);
      const refs = [...JSON.stringify(tree).matchAll(/\{([^{}"]+)\}/g)].map((m) => m[1]!);
      for (const ref of refs) {
        const target = ref
          .split('.')
          .reduce<unknown>((node, key) => (node as TokenTree)?.[key], tree);
        expect(target, ref).toMatchObject({ value: expect.anything(), type: expect.any(String) });
      }
    });
  }
});
