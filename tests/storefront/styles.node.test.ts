import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import postcss, { type Rule } from 'postcss';
import * as sass from 'sass';

const compiled = sass.compile('storefront/styles/storefront.scss', { style: 'expanded' }).css;

type TokenTree = { [key: string]: TokenTree | { value: unknown; type: string } };
const isToken = (node: object): node is { value: unknown; type: string } =>
  Object.keys(node).sort().join() === 'type,value';
const kebab = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_.]+/g, '-')
    .toLowerCase();

/** Every token path as the CSS variable the compiler will emit: --digi-<group>-<name>. */
function variables(tree: TokenTree, path: string[] = []): string[] {
  return Object.entries(tree).flatMap(([key, node]) =>
    isToken(node)
      ? [`--digi-${[...path, key].map(kebab).join('-')}`]
      : variables(node, [...path, key]),
  );
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

  for (const file of ['default-v3.json', 'default-v3.5.json']) {
    it(`token set ${file} is Tokens Studio JSON defining every variable the styles use`, () => {
      const tree = JSON.parse(
        readFileSync(`storefront/styles/tokens/${file}`, 'utf8'),
      ) as TokenTree;
      const defined = new Set(variables(tree));
      const used = new Set([...compiled.matchAll(/var\((--digi-[a-z0-9-]+)/g)].map((m) => m[1]!));
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
