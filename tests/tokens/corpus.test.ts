/**
 * Every corpus build (tests/tokens/corpus/README.md) compiles, sass
 * compiles the SCSS, and every diagnostic the build reports is explained here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compileTokens, TokenCompiler } from '#tokens/index.ts';
import type { CompileResult } from '#tokens/index.ts';
import { loadCorpusBuilds } from '../../bench/tokens-corpus.ts';
import type { CorpusBuild } from '../../bench/tokens-corpus.ts';

let builds: Map<string, CorpusBuild>;
const results = new Map<string, CompileResult>();

beforeAll(async () => {
  builds = new Map((await loadCorpusBuilds()).map((b) => [b.id, b]));
  for (const [id, b] of builds) results.set(id, compileTokens(b.input, b.options));
});

const codes = (r: CompileResult): string[] => [...new Set(r.diagnostics.map((d) => d.code))].sort();

describe('corpus builds', () => {
  it.each([
    ['workday-canvas', 514],
    ['crowdstrike-falcon', 361],
    ['3jane-3ds', 2773],
    ['adobe-spectrum', 1541],
  ])('%s: %i tokens compile to SCSS that sass compiles', (id, tokens) => {
    const r = results.get(id) as CompileResult;
    expect(r.stats.tokens).toBe(tokens);
    expect(r.diagnostics.filter((d) => d.code === 'sass/error')).toEqual([]);
    expect(r.scss).toContain('#digi-shield {');
    expect(r.css).toContain('#digi-shield {');
    expect(r.scss).not.toMatch(/\bNaN|undefined\b|\[object Object\]/);
    expect(r.stats.sassMs).toBeGreaterThan(0);
  });

  it.each(['workday-canvas', 'crowdstrike-falcon', '3jane-3ds', 'adobe-spectrum'])(
    '%s: output matches its want.scss snapshot',
    async (id) => {
      const r = results.get(id) as CompileResult;
      await expect(r.scss).toMatchFileSnapshot(`./corpus/${id}.want.scss`);
    },
  );

  it('workday-canvas: no diagnostics; all 39 math expressions fold (Style Dictionary leaves e.g. `1.375rem *  2px` there)', () => {
    const b = builds.get('workday-canvas') as CorpusBuild;
    const r = results.get('workday-canvas') as CompileResult;
    expect(r.diagnostics).toEqual([]);
    const c = new TokenCompiler(b.input, b.options);
    // the font-size ramp: a 14-deep chain of `{previous} + {typescale…}`, where
    // typescale is itself `{…}  *  {level}` (double spaces)
    expect(c.valueOf('font-size.50')).toBe('0.75rem');
    expect(c.valueOf('font-size.200')).toBe('1.5rem');
    expect(c.valueOf('font-size.1050')).toBe('6.5rem');
    expect(c.valueOf('typescale.size.display')).toBe('1rem');
    expect(c.valueOf('shape.round')).toBe('62.5rem');
    expect(c.valueOf('space.x4')).toBe('1rem');
    expect(c.valueOf('opacity.disabled')).toBeDefined();
    let math = 0;
    for (const set of b.sets) {
      const stack: [unknown, string][] = [[set, '']];
      while (stack.length > 0) {
        const [node, path] = stack.pop() as [Record<string, unknown>, string];
        if (typeof node !== 'object' || node === null) continue;
        if (typeof node['value'] === 'string' && 'type' in node) {
          if (/[*+/]/.test(node['value'])) {
            math++;
            const v = c.valueOf(path);
            expect(v, path).toMatch(/^-?[\d.]+(rem|px|%)?$/);
          }
          continue;
        }
        for (const [k, v] of Object.entries(node)) stack.push([v, path ? `${path}.${k}` : k]);
      }
    }
    expect(math).toBe(39);
    expect(r.scss).toContain('$font-size-1050: 6.5rem;');
  });

  it('workday-canvas: typography is lossless (every composite property becomes a declaration)', () => {
    const r = results.get('workday-canvas') as CompileResult;
    const mixins = r.scss.match(/@mixin [^{]+\{[^}]*\}/g) ?? [];
    expect(mixins.length).toBe(61);
    const withLetterSpacing = mixins.filter((m) => m.includes('letter-spacing:'));
    expect(withLetterSpacing.length).toBeGreaterThan(0);
    // names with parentheses (`Subtext S - (500) Medium`) become plain kebab-case
    expect(r.scss).toContain('@mixin more-styles-subtext-subtext-s-500-medium {');
  });

  it('crowdstrike-falcon: no diagnostics; `{ref.font-size.base} * 1.5rem` folds like Tokens Studio', () => {
    const r = results.get('crowdstrike-falcon') as CompileResult;
    expect(r.diagnostics).toEqual([]);
    expect(r.scss).toContain('$ref-font-size-24: 1.5rem;');
    // box shadows: string and array values, inner shadows
    expect(r.scss).toContain(
      '$drop-shadow-s: 0 0 1px 0 rgba(0, 0, 0, 0.07), 0 1px 2px 0 rgba(0, 0, 0, 0.15);',
    );
    expect(r.scss).toMatch(/\$inner-shadow-m: inset 0 2px 4px 0 rgba\(0, 0, 0, 0\.08\);/);
    // border composites
    expect(r.scss).toMatch(/\$[a-z-]+: 1px solid #[0-9a-f]{6};/);
  });

  it('3jane-3ds: name collisions (sign or case) and opacity numbers typed as colours', () => {
    const r = results.get('3jane-3ds') as CompileResult;
    expect(codes(r)).toEqual(['color/number', 'name/collision']);
    // upstream types its alpha scale (`0%` … `100%`, used in `rgba({colour}, {alpha})`) as colours
    const numbers = r.diagnostics.filter((d) => d.code === 'color/number');
    expect(numbers.length).toBe(27);
    for (const d of numbers) {
      expect(d.severity).toBe('info');
      expect(d.path).toMatch(/^semantics\.color\.palette\.opacity\.\d+$/);
    }
    // gradients typed as colours are kept (and lose the stray space of `linear-gradient (`)
    expect(r.scss).toContain(
      '$semantics-color-gradient-neutral-l-1: linear-gradient(45deg, #e8e8e8 0%, #f9f9f9 100%);',
    );
    const collisions = r.diagnostics.filter((d) => d.code === 'name/collision');
    expect(collisions.length).toBe(40);
    for (const d of collisions) {
      const m = /^'([^']+)' and '([^']+)' both become/.exec(d.message);
      expect(m, d.message).not.toBeNull();
      const [a, b] = [m?.[1] as string, m?.[2] as string];
      expect(d.path).toBe(a);
      expect(a.replace('.-', '.').toLowerCase()).toBe(b.replace('.-', '.').toLowerCase());
      expect(d.file).toMatch(/^3ds\//);
    }
    // references with `=`, `+`, `%` and `,` resolve
    const b = builds.get('3jane-3ds') as CorpusBuild;
    const c = new TokenCompiler(b.input, b.options);
    expect(c.valueOf('semantics.color.bg.neutral.l=1')).toMatch(/^#[0-9a-f]{6}$/);
    expect(r.scss).toContain('inset');
    expect(r.scss).toMatch(/url\("https:\/\/images\.unsplash\.com/);
  });

  it('adobe-spectrum: exactly the two broken upstream references, named, with near matches', () => {
    const r = results.get('adobe-spectrum') as CompileResult;
    expect(r.diagnostics.map((d) => [d.code, d.path, d.file])).toEqual([
      ['ref/missing', 'color-area-border-rounding', 'spectrum/layout.component/desktop'],
      ['ref/missing', 'color-slider-border-rounding', 'spectrum/layout.component/desktop'],
    ]);
    for (const d of r.diagnostics) {
      expect(d.severity).toBe('error');
      expect(d.message).toContain(
        "donor token 'corner-radius-medium-size-small' not found, value UNDEFINED",
      );
      expect(d.message).toContain('Did you mean');
    }
    expect(r.scss).toContain('$color-area-border-rounding: UNDEFINED;');
  });
});
