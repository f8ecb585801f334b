/**
 * Property-based tests (fast-check) over random token trees with cycles,
 * dangling and composite references, bad colours, bad modifier amounts, huge
 * numbers and arbitrary text: the compiler never throws, always terminates
 * and always emits SCSS that sass compiles. Plus 10 000-deep chains.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileScss, compileTokens, TokenCompiler } from '#tokens/index.ts';
import type { Diagnostic, TokenTree } from '#tokens/index.ts';
import { safeValue } from '#tokens/core/emit/safe-value.ts';

const NAMES = [
  'a',
  'b',
  'c',
  'Ab',
  'x y',
  'o=4',
  'd+e',
  '50%',
  '✨',
  '-1',
  '1',
  'fontSize',
  'a,b',
  '(x)',
  '!?',
];
const TYPES = [
  'color',
  'spacing',
  'sizing',
  'dimension',
  'borderRadius',
  'borderWidth',
  'fontSizes',
  'fontWeights',
  'fontFamilies',
  'lineHeights',
  'letterSpacing',
  'paragraphSpacing',
  'textCase',
  'textDecoration',
  'typography',
  'boxShadow',
  'border',
  'opacity',
  'number',
  'other',
  'asset',
  'composition',
  'weird type',
];

const path = fc
  .tuple(fc.constantFrom('g', 'h'), fc.constantFrom(...NAMES))
  .map(([g, n]) => `${g}.${n}`);
const ref = path.map((p) => `{${p}}`);
const numberText = fc.oneof(
  fc.constantFrom(
    '0',
    '0%',
    '-0',
    '1e308',
    '1e309',
    '-1e400',
    '.5',
    '4',
    '1.5rem',
    '16px',
    '50%',
    '2em',
    '3s',
    '90deg',
    'NaN',
    'Infinity',
  ),
  fc.double({ noNaN: false }).map(String),
);
const colorText = fc.constantFrom(
  '#fff',
  '#0875E1',
  '#12345678',
  '#zzz',
  '#ff',
  'rgba(0,0,0,0.5)',
  'rgba(#ff0000, 0.5)',
  'rgb(300, -1, 2)',
  'hsl(10, 200%, 50%)',
  'lch(50 30 270)',
  'banana',
  'linear-gradient (45deg, #fff 0%, #000 100%)',
  'transparent',
  '',
);
const op = fc.constantFrom(' + ', ' - ', ' * ', ' / ', '*', '  *  ', '+', ' -');
const mathText = fc
  .array(fc.oneof(ref, numberText), { minLength: 2, maxLength: 4 })
  .chain((xs) =>
    fc
      .array(op, { minLength: xs.length - 1, maxLength: xs.length - 1 })
      .map((ops) => xs.reduce((s, x, i) => (i === 0 ? x : `${s}${ops[i - 1]}${x}`), '')),
  )
  .map((s) => (s.includes('(') ? s : Math.random() < 0.2 ? `(${s})` : s));
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.constantFrom(
      '{',
      '}',
      '#',
      '\\',
      '"',
      "'",
      '/',
      '*',
      ';',
      '$',
      '(',
      ')',
      ' ',
      'a',
      '\n',
      '`',
      '!',
      '@',
    ),
    maxLength: 20,
  }),
  fc.constantFrom(
    '#{x}',
    'url(javascript:x)',
    '/* c */',
    '// c',
    '"',
    "'",
    '\\',
    'a;b}',
    '@import "x";',
    '!default',
    'calc(',
    'var(--x)',
    'rgba(',
    'not and or',
  ),
);
const str = fc.oneof(
  ref,
  numberText,
  colorText,
  mathText,
  text,
  fc.tuple(text, ref, text).map((x) => x.join('')),
);

const composite = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'fontFamily',
      'fontWeight',
      'fontSize',
      'lineHeight',
      'letterSpacing',
      'paragraphSpacing',
      'textCase',
      'textDecoration',
      'x',
      'y',
      'blur',
      'spread',
      'color',
      'type',
      'width',
      'style',
      'odd key',
    ),
    fc.oneof(str, fc.integer()),
    { maxKeys: 6 },
  ),
  fc.array(
    fc.oneof(
      ref,
      fc.dictionary(fc.constantFrom('x', 'y', 'blur', 'spread', 'color', 'type'), str, {
        maxKeys: 6,
      }),
    ),
    { maxLength: 3 },
  ),
);
const value = fc.oneof(
  { weight: 6, arbitrary: str },
  { weight: 2, arbitrary: composite },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
);
const modify = fc.record({
  type: fc.constantFrom('lighten', 'darken', 'mix', 'alpha', 'saturate', ''),
  value: fc.oneof(fc.constantFrom('0.2', '2', '-1', 'lots', '', '1e308', '0.1 * 3'), ref),
  space: fc.constantFrom('lch', 'hsl', 'srgb', 'p3', 'oklab', ''),
  color: fc.oneof(colorText, ref),
});
const token = fc.record(
  {
    value,
    type: fc.constantFrom(...TYPES),
    description: fc.string(),
    $extensions: modify.map((m) => ({ 'studio.tokens': { modify: m } })),
  },
  { requiredKeys: ['value', 'type'] },
);

const tree = fc.array(fc.tuple(path, token), { maxLength: 24 }).map((entries) => {
  const t: TokenTree = {};
  for (const [p, tok] of entries) {
    const [g, n] = p.split('.') as [string, string];
    const group = (t[g] ??= {}) as Record<string, unknown>;
    group[n] = tok;
  }
  return t;
});

describe('properties', () => {
  it('never throws, always emits SCSS that sass compiles', () => {
    fc.assert(
      fc.property(
        tree,
        fc.constantFrom('V3', 'V3.5'),
        fc.constantFrom('main', 'productCard'),
        (t, versionKey, scope) => {
          const r = compileTokens(t, {
            versionKey: versionKey as 'V3' | 'V3.5',
            scope: scope as 'main',
          });
          expect(r.scss).toContain('#digi-shield {');
          const bad = r.diagnostics.filter(
            (d) => d.code === 'sass/error' || d.code === 'internal/error',
          );
          expect(bad, r.scss).toEqual([]);
          for (const d of r.diagnostics) {
            expect(typeof d.code).toBe('string');
            expect(['error', 'warning', 'info']).toContain(d.severity);
          }
        },
      ),
      { numRuns: Number(process.env['FC_RUNS'] ?? 200) },
    );
  });

  it('any text through safeValue compiles in sass, as a variable and a custom property', () => {
    const alphabet = fc.constantFrom(
      ...'0123456789.,%#()+-*/ \'"\\{}$@!;:aefgnortxz_=&?\n\t`~^|<>[]'.split(''),
      'rgba(',
      'calc(',
      'url(',
      'and',
      'not',
      'e',
      '#fff',
      'px',
      '✨',
      '\u0000',
      '\ud800',
    );
    const arb = fc.oneof(
      fc.string({ unit: alphabet, maxLength: 24 }),
      fc.string({ unit: 'binary', maxLength: 24 }),
    );
    fc.assert(
      fc.property(fc.array(arb, { minLength: 1, maxLength: 20 }), (texts) => {
        const body = texts.map((t, i) => `$v${i}: ${safeValue(t === '' ? '""' : t)};`).join('\n');
        const props = texts
          .map(
            (_, i) =>
              `  --v${i}: #{$v${i}};\n  --w${i}: ${safeValue(texts[i] || '""')};\n  a${i}: $v${i};`,
          )
          .join('\n');
        const ds: Diagnostic[] = [];
        compileScss(`${body}\n#digi-shield {\n${props}\n}\n`, ds);
        expect(ds, texts.join(' | ')).toEqual([]);
      }),
      { numRuns: Number(process.env['FC_RUNS'] ?? 100) },
    );
  });

  it('incremental updates give the same output as a fresh compile', () => {
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.tuple(path, token), { minLength: 1, maxLength: 5 }),
        (t, edits) => {
          const c = new TokenCompiler(t);
          const edited = structuredClone(t);
          for (const [p, tok] of edits) {
            const [g, n] = p.split('.') as [string, string];
            const group = (edited[g] ??= {}) as Record<string, unknown>;
            group[n] = tok;
            c.set(p, tok);
          }
          const fresh = new TokenCompiler(edited);
          // which of two colliding names gets the `-2` depends on insertion order: skip those
          fc.pre(!fresh.diagnostics.some((d) => d.code === 'name/collision'));
          // token order may differ for added tokens; compare declarations as sets
          const lines = (s: string): string[] => s.split('\n').slice(1).sort();
          expect(lines(c.scss)).toEqual(lines(fresh.scss));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a 10 000-deep reference chain resolves without overflowing the stack', () => {
    const t: Record<string, unknown> = { t0: { value: '1', type: 'number' } };
    for (let i = 1; i <= 10_000; i++)
      t[`t${i}`] = { value: i % 2 ? `{t${i - 1}}` : `{t${i - 1}} + 1`, type: 'number' };
    const c = new TokenCompiler(t);
    expect(c.valueOf('t10000')).toBe('5001');
    expect(c.diagnostics).toEqual([]);
  });

  it('a 10 000-token cycle is reported once and never hangs', () => {
    const t: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++)
      t[`t${i}`] = { value: `{t${(i + 1) % 10_000}} * 2`, type: 'spacing' };
    const c = new TokenCompiler(t);
    const ds = c.diagnostics;
    expect(ds.map((d) => d.code)).toEqual(['ref/cycle']);
    expect(ds[0]?.message).toMatch(/^Circular reference: t0 → t1 → t2 → /);
    expect(c.valueOf('t5000')).toBe('UNDEFINED');
  });

  it('deeply nested composite values and parentheses do not overflow', () => {
    let v: unknown = '{x}';
    for (let i = 0; i < 2_000; i++) v = [v];
    const r = compileTokens({
      x: { value: '4', type: 'spacing' },
      deep: { value: v, type: 'boxShadow' },
      paren: { value: `${'('.repeat(5_000)}1${')'.repeat(5_000)} + {x}`, type: 'spacing' },
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.scss).toContain('$deep: 4px;');
    expect(r.scss).toContain('$paren: 5px;');
  });
});
