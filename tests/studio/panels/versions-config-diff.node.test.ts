import { describe, expect, it } from 'vitest';
import {
  diffConfigs,
  flattenConfig,
  formatDiffValue,
  textLanguage,
} from '#studio/panels/config-diff.ts';
import { searchConfig } from '#contract/entities/config.ts';

describe('config-diff', () => {
  it('flattens objects by key, arrays of objects by index, keeps primitive arrays whole', () => {
    const flat = flattenConfig({
      a: { b: 1, c: { d: 'x' } },
      list: ['queries', 'products'],
      rules: [{ name: 'r1' }, { name: 'r2', enabled: false }],
      empty: {},
      none: [],
    });
    expect([...flat.entries()]).toEqual([
      ['a.b', 1],
      ['a.c.d', 'x'],
      ['list', ['queries', 'products']],
      ['rules[0].name', 'r1'],
      ['rules[1].name', 'r2'],
      ['rules[1].enabled', false],
      ['none', []],
    ]);
  });

  it('detects text fields by their known keys', () => {
    expect(textLanguage('css')).toBe('scss');
    expect(textLanguage('htmlTemplate.productItem')).toBe('handlebars');
    expect(textLanguage('htmlTemplate.swiper.html')).toBe('handlebars');
    expect(textLanguage('htmlTemplate.swiper.script')).toBe('javascript');
    expect(textLanguage('template.html')).toBe('handlebars');
    expect(textLanguage('hookConfig.hooks.beforeRender')).toBe('javascript');
    expect(textLanguage('insertFunction')).toBe('javascript');
    expect(textLanguage('entries[0].script')).toBe('javascript');
    expect(textLanguage('throttle')).toBeNull();
    expect(textLanguage('selectors.input')).toBeNull();
    expect(textLanguage('hookConfig.silent')).toBeNull();
  });

  it('lists only what changed: texts apart, fields with their kind, sorted, counted', () => {
    const before = searchConfig.parse({
      throttle: 800,
      css: '.a { color: red; }',
      htmlTemplate: { productItem: '<div>{{name}}</div>' },
      customSettings: { typesAC: ['queries', 'products'] },
    });
    const after = searchConfig.parse({
      throttle: 500,
      css: '.a { color: blue; }',
      htmlTemplate: { productItem: '<div>{{name}}</div>', pagination: '<nav></nav>' },
      customSettings: { typesAC: ['products', 'queries'], extra: 'kept' },
    });
    const diff = diffConfigs(before, after);
    expect(diff.texts.map((t) => [t.path, t.language, t.before, t.after])).toEqual([
      ['css', 'scss', '.a { color: red; }', '.a { color: blue; }'],
      ['htmlTemplate.pagination', 'handlebars', '', '<nav></nav>'],
    ]);
    expect(diff.fields).toEqual([
      { path: 'customSettings.extra', kind: 'added', before: undefined, after: 'kept' },
      {
        path: 'customSettings.typesAC',
        kind: 'changed',
        before: ['queries', 'products'],
        after: ['products', 'queries'],
      },
      { path: 'throttle', kind: 'changed', before: 800, after: 500 },
    ]);
    expect(diff.count).toBe(5);
  });

  it('finds nothing between equal configs and treats a missing template as an empty one', () => {
    const a = searchConfig.parse({});
    expect(diffConfigs(a, structuredClone(a)).count).toBe(0);
    expect(diffConfigs({ htmlTemplate: {} }, { htmlTemplate: { common: '' } }).count).toBe(0);
  });

  it('reports removed fields and a text turned into a non-text as a field', () => {
    const diff = diffConfigs({ a: 1, css: 'x' }, { css: 5 });
    expect(diff.texts).toEqual([]);
    expect(diff.fields).toEqual([
      { path: 'a', kind: 'removed', before: 1, after: undefined },
      { path: 'css', kind: 'changed', before: 'x', after: 5 },
    ]);
  });

  it('formats values for the list', () => {
    expect(formatDiffValue(undefined)).toBe('—');
    expect(formatDiffValue('a')).toBe('"a"');
    expect(formatDiffValue(3)).toBe('3');
    expect(formatDiffValue(['x'])).toBe('["x"]');
    expect(formatDiffValue(null)).toBe('null');
  });
});
