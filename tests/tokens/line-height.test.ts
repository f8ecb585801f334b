/**
 * The default token `line-height-body` = 1.4 (type lineHeights) compiled to
 * `1.4px`, so every storefront widget's text overprinted itself. A bare line height up to 5
 * is a factor of the font size and stays unitless; above 5 it is pixels.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileTokens } from '#tokens/index.ts';
import type { TokenInput } from '#tokens/index.ts';

const storefrontTokens = (file: string): TokenInput =>
  JSON.parse(
    readFileSync(new URL(`../../storefront/styles/tokens/${file}`, import.meta.url), 'utf8'),
  ) as TokenInput;

describe('unitless line heights', () => {
  it.each(['default-v3.json', 'default-v3.5.json'])(
    'the storefront default %s: line-height-body stays 1.4',
    (file) => {
      const r = compileTokens(storefrontTokens(file));
      expect(r.scss).toMatch(/line-height-body: 1\.4;/);
      expect(r.css).toMatch(/line-height-body: 1\.4;/);
      expect(r.scss).not.toMatch(/line-height[^:]*: [\d.]+px;/);
    },
  );

  it.each([
    ['1.4', '1.4'],
    ['1', '1'],
    ['2.5', '2.5'],
    ['5', '5'],
    ['6', '6px'],
    ['24', '24px'],
    ['150%', '1.5'],
    ['AUTO', 'normal'],
    ['20px', '20px'],
    ['1.5rem', '1.5rem'],
  ])('lineHeights %s → %s, as a token and inside a typography composite', (value, want) => {
    const r = compileTokens(
      {
        lh: { value, type: 'lineHeights' },
        body: {
          value: { fontFamily: 'Inter', fontSize: '16', lineHeight: value },
          type: 'typography',
        },
      },
      { css: false },
    );
    expect(r.scss).toContain(`$lh: ${want};`);
    expect(r.scss).toContain(`$body-line-height: ${want};`);
  });

  it('other length types still get px (a bare 1.4 font size or spacing is pixels)', () => {
    const r = compileTokens(
      {
        fs: { value: '1.4', type: 'fontSizes' },
        sp: { value: '1.5', type: 'spacing' },
      },
      { css: false },
    );
    expect(r.scss).toContain('$fs: 1.4px;');
    expect(r.scss).toContain('$sp: 1.5px;');
  });
});

describe('compiled CSS concatenates', () => {
  it('non-ASCII token values give no @charset or byte-order mark (the bundle joins several CSS files)', () => {
    const r = compileTokens({
      font: { value: 'Шрифт «Вітрина»', type: 'fontFamilies' },
      lh: { value: '1.4', type: 'lineHeights' },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.css).toContain('Шрифт');
    expect(r.css).not.toContain('@charset');
    expect(r.css.charCodeAt(0)).not.toBe(0xfeff);
  });
});
