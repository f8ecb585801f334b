import { describe, expect, it } from 'vitest';
import { escapeHtml, safeUrl } from '#storefront/runtime/escape.ts';
import { discountPercent, formatPrice, pluralRu } from '#storefront/runtime/format.ts';
import { highlight } from '#storefront/runtime/highlight.ts';
import { FASHION_SIZE_ORDER, compareSizes } from '#storefront/runtime/size-order.ts';
import { bindTemplate } from '#storefront/runtime/templates.ts';
import { precompile } from '#storefront/build/precompile-templates.ts';

/** A template compiled the way the build does it, bound to the runtime environment. */
const compile = (source: string) =>
  bindTemplate(new Function(`return ${precompile(source)}`)() as object);

describe('escaping', () => {
  it('escapes HTML and attribute quotes', () => {
    expect(escapeHtml('<a href="x">\'&`=')).toBe(
      '&lt;a href&#x3D;&quot;x&quot;&gt;&#x27;&amp;&#x60;&#x3D;',
    );
    expect(escapeHtml(null)).toBe('');
  });

  it('lets only http(s) and relative URLs through', () => {
    expect(safeUrl('https://shop.example/p/1')).toBe('https://shop.example/p/1');
    expect(safeUrl('/p/1?x=1')).toBe('/p/1?x=1');
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBe('#');
    expect(safeUrl('data:text/html,<script>')).toBe('#');
    expect(safeUrl(42)).toBe('#');
  });

  it('decides on the protocol the browser parses: controls and tabs in the scheme do not hide it', () => {
    for (const url of [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'jav\rascript:alert(1)',
      '\u0000javascript:alert(1)',
      '\u001fjavascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'http://[',
    ])
      expect(safeUrl(url), JSON.stringify(url)).toBe('#');
    expect(safeUrl('//cdn.example/p.jpg')).toBe('//cdn.example/p.jpg');
    expect(safeUrl('  https://shop.example/p/1\n')).toBe('https://shop.example/p/1');
  });

  it('lets image data URLs through for pictures only', () => {
    const svg = 'data:image/svg+xml;charset=utf-8,%3Csvg';
    expect(safeUrl(svg, 'picture')).toBe(svg);
    expect(safeUrl(svg)).toBe('#');
    expect(safeUrl('data:image/png;base64,iVBOR', 'picture')).toBe('data:image/png;base64,iVBOR');
    expect(safeUrl('java\tscript:alert(1)', 'picture')).toBe('#');
    expect(safeUrl('https://cdn.example/p.jpg', 'picture')).toBe('https://cdn.example/p.jpg');
  });

  it('templates escape catalog data by default', () => {
    const card = compile('<b title="{{name}}">{{name}}</b>');
    expect(card({ name: '"><img src=x onerror=alert(1)>' })).toBe(
      '<b title="&quot;&gt;&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;">&quot;&gt;&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;</b>',
    );
  });
});

describe('price and plural', () => {
  it('formats roubles in the Russian locale', () => {
    expect(formatPrice(1234567)).toMatch(/^1\s234\s567\s₽$/);
    expect(formatPrice(990, 'RUR')).toMatch(/^990\s₽$/);
    expect(formatPrice(10.5, 'USD')).toMatch(/^10,5\sUSD$/);
    expect(compile('{{formatPrice price}}')({ price: 12990 })).toMatch(/^12\s990\s₽$/);
  });

  it('computes the discount label', () => {
    expect(discountPercent(750, 1000)).toBe(25);
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1000, null)).toBe(0);
  });

  it('chooses Russian plural forms', () => {
    expect(
      [1, 2, 5, 11, 21, 22, 25, 111].map((n) => pluralRu(n, 'товар', 'товара', 'товаров')),
    ).toEqual(['товар', 'товара', 'товаров', 'товаров', 'товар', 'товара', 'товаров', 'товаров']);
  });
});

describe('highlight', () => {
  it('marks word beginnings matching the query, folding case and ё', () => {
    expect(highlight('Ёлочная игрушка', 'елоч')).toBe(
      '<mark class="digi-highlight">Ёлоч</mark>ная игрушка',
    );
    expect(highlight('Кроссовки Nike Air', 'nike кросс')).toBe(
      '<mark class="digi-highlight">Кросс</mark>овки <mark class="digi-highlight">Nike</mark> Air',
    );
  });

  it('escapes the text around and inside marks', () => {
    expect(highlight('<b>Nike</b>', 'nike')).toBe(
      '&lt;b&gt;<mark class="digi-highlight">Nike</mark>&lt;/b&gt;',
    );
    expect(compile('{{highlight name q}}')({ name: '<i>Nike</i>', q: 'ni' })).toBe(
      '&lt;i&gt;<mark class="digi-highlight">Ni</mark>ke&lt;/i&gt;',
    );
  });
});

describe('fashion size order', () => {
  it('sorts letter sizes in the spec order, then others naturally', () => {
    const shuffled = [...FASHION_SIZE_ORDER].reverse();
    expect(shuffled.sort(compareSizes)).toEqual([...FASHION_SIZE_ORDER]);
    expect(['XL', '44', 'S', '42', 'm', '3XL'].sort(compareSizes)).toEqual([
      'S',
      'm',
      'XL',
      '3XL',
      '42',
      '44',
    ]);
  });
});
