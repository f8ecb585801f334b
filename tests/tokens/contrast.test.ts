/**
 * Contrast checks on tokens: pairs read from the storefront's compiled SCSS, WCAG 2.2
 * ratios with culori, the nearest passing colour, the four corpus design systems, and the CLI flag.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { converter, wcagContrast } from 'culori';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkContrast,
  extractContrastPairs,
  failuresByToken,
  nearestPassing,
  resolverFromCss,
} from '#tokens/core/contrast.ts';
import { main } from '#tokens/node/cli.ts';
import { corpusContrast, storefrontCss } from './contrast/corpus-contrast.ts';
import type { CorpusContrast } from './contrast/corpus-contrast.ts';

const DEFAULT_SET = 'storefront/styles/tokens/default-v3.json';
const DEFAULT_SETS = [DEFAULT_SET, 'storefront/styles/tokens/default-v3.5.json'];

async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('pairs from the styles', () => {
  it('reads colour on background per selector, inheriting the background of the block or the root', () => {
    const pairs = extractContrastPairs(`
      #digi-shield { color: var(--colors-text, #111); font-size: var(--typography-font-size-md, 16px); }
      #digi-shield .w { background: var(--colors-surface, #eee); }
      #digi-shield .w__price { color: var(--colors-primary, #00f); font-size: 24px; }
      #digi-shield .w__note { color: var(--colors-muted, #999); }
      #digi-shield .w__note:hover { color: var(--colors-text, #111); }
      #digi-shield .w__button { background: var(--colors-primary, #00f); color: var(--colors-on-primary, #fff); }
      #digi-shield .w__input { border: 1px solid var(--colors-border, #ddd); }
      #digi-shield .w__button:disabled { color: var(--colors-disabled, #ccc); }
    `);
    const brief = pairs.map(
      (p) => `${p.use} ${p.foreground.token} on ${p.background.token} (${p.selector})`,
    );
    expect(brief).toEqual([
      'text colors-text on colors-background (#digi-shield)',
      'text colors-text on colors-surface (#digi-shield .w)',
      'text colors-primary on colors-surface (#digi-shield .w__price)',
      'text colors-muted on colors-surface (#digi-shield .w__note)',
      'text colors-text on colors-surface (#digi-shield .w__note:hover)',
      'text colors-on-primary on colors-primary (#digi-shield .w__button)',
      'ui colors-primary on colors-surface (#digi-shield .w__button)',
      'ui colors-border on colors-surface (#digi-shield .w__input)',
    ]);
    // 24px text is large: 3:1 is enough
    const findings = checkContrast(pairs, () => undefined);
    const price = findings.find((f) => f.selectors.includes('#digi-shield .w__price'))!;
    expect(price.kind).toBe('large-text');
    expect(price.required).toBe(3);
  });

  it('finds the pairs of the real widgets: muted text, buttons, input borders, the focus outline', () => {
    const pairs = extractContrastPairs(storefrontCss());
    const keys = new Set(
      pairs.map((p) => `${p.use}:${p.property}:${p.foreground.token}/${p.background.token}`),
    );
    for (const key of [
      'text:color:colors-text/colors-background',
      'text:color:colors-text-muted/colors-background',
      'text:color:colors-on-primary/colors-primary',
      'text:color:colors-on-accent/colors-accent',
      'text:color:colors-text/colors-highlight',
      'ui:border-color:colors-border/colors-background',
      'ui:outline:colors-focus/colors-background',
    ])
      expect(keys, key).toContain(key);
    // every pair names at least one token
    expect(pairs.every((p) => p.foreground.token !== null || p.background.token !== null)).toBe(
      true,
    );
  });
});

describe('ratios and suggestions', () => {
  it('computes WCAG 2.2 ratios, large bold text from 18.66px, and fails below the threshold', () => {
    const pairs = extractContrastPairs(`
      #digi-shield { background: var(--bg, #fff); }
      #digi-shield .a { color: var(--fg, #777); font-size: 18.66px; font-weight: 700; }
      #digi-shield .b { color: var(--fg, #777); font-size: 18px; font-weight: 700; }
    `);
    const [, a, b] = checkContrast(pairs, () => undefined);
    expect(a!.kind).toBe('large-text');
    expect(a!.ratio).toBe(4.47);
    expect(a!.pass).toBe(true);
    expect(b!.kind).toBe('text');
    expect(b!.pass).toBe(false);
    expect(b!.suggestForeground).toBe('#767676');
  });

  it('the nearest passing colour keeps the hue and just passes', () => {
    const oklch = converter('oklch');
    const start = '#5ac965';
    const fixed = nearestPassing(oklch(start)!, oklch('#ffffff')!, 4.5)!;
    expect(wcagContrast(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs((oklch(fixed)!.h ?? 0) - (oklch(start)!.h ?? 0))).toBeLessThan(3);
    // one step lighter would fail again: it is the nearest
    const lighter = { ...oklch(fixed)!, l: oklch(fixed)!.l + 0.01 };
    expect(wcagContrast(lighter, '#ffffff')).toBeLessThan(4.5);
  });

  it('a darkened background token fails and is listed at both tokens', () => {
    const pairs = extractContrastPairs(storefrontCss());
    const resolve = resolverFromCss(
      '--colors-background: #ffffff; --colors-text-muted: #5c6470; --colors-surface: #4a4f59;',
    );
    const failing = failuresByToken(checkContrast(pairs, resolve));
    const muted = failing.get('colors-surface')!.find((f) => f.foregroundToken === 'colors-text');
    expect(muted?.pass).toBe(false);
    expect(failing.get('colors-text')).toContain(muted);
  });
});

describe('the four corpus design systems under the storefront', () => {
  let results: CorpusContrast[];
  beforeAll(async () => {
    results = await corpusContrast();
  });
  const failing = (id: string) =>
    results
      .find((r) => r.id === id)!
      .findings.filter((f) => !f.pass)
      .map(
        (f) =>
          `${f.kind} ${f.property} ${f.foregroundToken} ${f.foreground} on ${f.backgroundToken} ${f.background} ${f.ratio}`,
      );

  it('every binding resolves (no UNDEFINED colour role)', () => {
    for (const r of results) {
      expect(
        r.compiled.diagnostics.filter((d) => d.path.startsWith('Colors')),
        r.id,
      ).toEqual([]);
      expect(r.findings.length, r.id).toBe(19);
    }
  });

  it('workday-canvas: turquoise focus, white on the critical red, the light success green', () => {
    expect(failing('workday-canvas')).toEqual([
      'ui outline colors-focus #40e0d0 on colors-background #ffffff 1.64',
      'text color colors-on-accent #ffffff on colors-accent #e8543d 3.64',
      'text color colors-accent #e8543d on colors-background #ffffff 3.64',
      'text color colors-primary #8660d1 on colors-surface #f0f1f2 4.03',
      'text color colors-success #5ac965 on colors-background #ffffff 2.1',
      'ui border-color colors-success #5ac965 on colors-background #ffffff 2.1',
      'text color colors-success #5ac965 on colors-surface #f0f1f2 1.86',
    ]);
  });

  it('crowdstrike-falcon: input borders and dots, the success text just under 4.5', () => {
    expect(failing('crowdstrike-falcon')).toEqual([
      'ui border-color colors-border #b8b7bd on colors-background #ffffff 1.99',
      'ui background colors-border #b8b7bd on colors-background #ffffff 1.99',
      'text color colors-success #2d865a on colors-background #ffffff 4.49',
      'text color colors-success #2d865a on colors-surface #f7f7f8 4.2',
    ]);
  });

  it('3jane-3ds: muted text at 4.47, light borders, the success green', () => {
    expect(failing('3jane-3ds')).toEqual([
      'text color colors-text-muted #777777 on colors-background #ffffff 4.47',
      'ui border-color colors-border #d4d4d4 on colors-background #ffffff 1.48',
      'ui background colors-border #d4d4d4 on colors-background #ffffff 1.48',
      'text color colors-success #0c9755 on colors-background #ffffff 3.76',
      'text color colors-success #0c9755 on colors-surface #f9f9f9 3.57',
    ]);
  });

  it('adobe-spectrum: only the visual positive green as text', () => {
    expect(failing('adobe-spectrum')).toEqual([
      'text color colors-success #079355 on colors-background #ffffff 3.95',
      'text color colors-success #079355 on colors-surface #f8f8f8 3.72',
    ]);
  });

  it('every suggestion passes where it is put', () => {
    for (const r of results)
      for (const f of r.findings.filter((x) => !x.pass)) {
        expect(wcagContrast(f.suggestForeground!, f.background), r.id).toBeGreaterThanOrEqual(
          f.required,
        );
      }
  });
});

describe('vitrina-tokens build --check-contrast', () => {
  it('passes the storefront’s default sets: every pair meets WCAG 2.2', async () => {
    for (const set of DEFAULT_SETS) {
      const r = await run(['build', set, '--check-contrast']);
      expect(r.err, set).toMatch(/contrast: 19 pairs checked, 0 below WCAG 2\.2/);
      expect(r.code, set).toBe(0);
    }
  });

  it('prints each failure with its ratio and the nearest passing colour, and exits 3', async () => {
    // The default set as it shipped before: a border of 1.41:1 on white.
    const dir = mkdtempSync(join(tmpdir(), 'vt-contrast-'));
    const file = join(dir, 'tokens.json');
    const set = JSON.parse(readFileSync(DEFAULT_SET, 'utf8')) as {
      Colors: Record<string, unknown>;
    };
    set.Colors.border = { value: '#d5d9e0', type: 'color' };
    writeFileSync(file, JSON.stringify(set));
    const r = await run(['build', file, '--check-contrast']);
    expect(r.code).toBe(3);
    expect(r.err).toContain(
      'contrast ui border-color --colors-border #d5d9e0 on --colors-background #ffffff: 1.41:1 < 3:1',
    );
    expect(r.err).toContain('nearest passing: --colors-border: #91959c');
    expect(r.err).toMatch(/contrast: 19 pairs checked, 2 below WCAG 2\.2/);
  });

  it('exits 0 when every pair passes, and without the flag checks nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-contrast-'));
    const file = join(dir, 'tokens.json');
    writeFileSync(
      file,
      JSON.stringify({ Colors: { border: { value: '#8a8f99', type: 'color' } } }),
    );
    const passing = await run(['build', file, '--check-contrast']);
    expect(passing.err).toMatch(/19 pairs checked, 0 below/);
    expect(passing.code).toBe(0);
    const plain = await run(['build', DEFAULT_SET]);
    expect(plain.code).toBe(0);
    expect(plain.err).not.toContain('contrast');
  });

  it('a darkened text token fails text pairs; an unreadable styles file exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-contrast-'));
    const file = join(dir, 'tokens.json');
    writeFileSync(
      file,
      JSON.stringify({ Colors: { 'text-muted': { value: '#b0b0b0', type: 'color' } } }),
    );
    const r = await run(['build', file, '--check-contrast']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /contrast text color --colors-text-muted #b0b0b0 on --colors-background #ffffff: 2\.\d+:1 < 4\.5:1/,
    );
    const missing = await run([
      'build',
      file,
      '--check-contrast',
      '--styles',
      join(dir, 'none.scss'),
    ]);
    expect(missing.code).toBe(2);
  });
});
