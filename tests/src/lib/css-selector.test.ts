import { describe, expect, it } from 'vitest';
import { isCssSelector as byBrowser } from '#contract/entities/css-selector.browser.ts';
import { isCssSelector as byCssWhat } from '#contract/entities/css-selector.ts';

// The console checks a selector with the browser's parser, the server with css-what: the two
// agree on what operators type (the storefront runs the selector through querySelector).
const valid = [
  '#search > input.query[name="q"]',
  '.digi-search, header form input[type=search]',
  'div:not(.hidden) > a:nth-child(2n+1)',
  '#digi-recommendations',
];
const invalid = ['#a >> ..b', 'div[', '#', 'a,,b'];

describe('isCssSelector', () => {
  for (const [name, check] of [
    ['browser', byBrowser],
    ['css-what', byCssWhat],
  ] as const) {
    it(`${name}: accepts selectors a storefront can query`, () => {
      for (const selector of valid) expect(check(selector), selector).toBe(true);
    });
    it(`${name}: refuses what does not parse`, () => {
      for (const selector of invalid) expect(check(selector), selector).toBe(false);
    });
  }
  it('the browser is the stricter: it refuses what css-what lets through', () => {
    expect(byCssWhat('..x')).toBe(true);
    expect(byBrowser('..x')).toBe(false);
  });
});
