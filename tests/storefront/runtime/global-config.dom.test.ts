/**
 * The storefront side of the global config: the site's price format, the
 * picture base URL for relative pictures, the region detection and the consent gate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatPrice, setPriceFormat } from '#storefront/runtime/format.ts';
import { resolvePicture, setPictureBase } from '#storefront/runtime/product-view.ts';
import type { BootGlobal } from '#storefront/entries/boot-config.ts';
import { consentByCookie, detectRegion } from '#storefront/entries/boot-page.ts';

const base: BootGlobal = {
  currency: 'RUB',
  locale: 'ru-RU',
  priceDecimals: 0,
  currencyDisplay: 'symbol',
  pictureBaseUrl: '',
  region: { detection: 'none', source: 'regionId' },
  consent: { mode: 'none', cookie: 'cookie_consent' },
};

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
};

afterEach(() => {
  setPriceFormat(null);
  setPictureBase('');
  clearCookies();
});

describe('price format', () => {
  it('is the Russian default without a global config', () => {
    expect(formatPrice(12990, 'RUB')).toBe('12\u00a0990\u00a0₽');
  });
  it('follows the locale, currency, decimals and sign of the site', () => {
    setPriceFormat({ locale: 'en-US', currency: 'USD', decimals: 2, currencyDisplay: 'code' });
    expect(formatPrice(12990, 'RUB').replace(/\s/g, ' ')).toBe('USD 12,990.00');
    setPriceFormat({ locale: 'ru-RU', currency: 'RUR', decimals: 0, currencyDisplay: 'symbol' });
    expect(formatPrice(12990.4).replace(/\s/g, ' ')).toBe('12 990 ₽');
    setPriceFormat({ locale: 'de-DE', currency: 'EUR', decimals: 1, currencyDisplay: 'none' });
    expect(formatPrice(1234.56)).toBe('1.234,6');
  });
  it('keeps the default for an unknown currency', () => {
    setPriceFormat({ locale: 'ru-RU', currency: 'XX', decimals: 0, currencyDisplay: 'code' });
    expect(formatPrice(5, 'RUB')).toBe('5\u00a0₽');
  });
});

describe('picture base URL', () => {
  it('resolves relative pictures against it and leaves absolute ones', () => {
    expect(resolvePicture('img/1.jpg')).toBe('img/1.jpg');
    setPictureBase('https://img.example.com/pics');
    expect(resolvePicture('img/1.jpg')).toBe('https://img.example.com/pics/img/1.jpg');
    expect(resolvePicture('/img/1.jpg')).toBe('https://img.example.com/pics/img/1.jpg');
    expect(resolvePicture('https://other.example/a.jpg')).toBe('https://other.example/a.jpg');
    expect(resolvePicture('//cdn.example/a.jpg')).toBe('//cdn.example/a.jpg');
    expect(resolvePicture(null)).toBeNull();
  });
});

describe('region detection', () => {
  it('reads the cookie, the URL parameter or the fixed region; none gives nothing', () => {
    expect(detectRegion(document, undefined)).toBeUndefined();
    expect(detectRegion(document, base)).toBeUndefined();
    document.cookie = 'city=spb';
    expect(
      detectRegion(document, { ...base, region: { detection: 'cookie', source: 'city' } }),
    ).toBe('spb');
    expect(
      detectRegion(document, { ...base, region: { detection: 'cookie', source: 'town' } }),
    ).toBeUndefined();
    history.replaceState(null, '', '/?region=msk');
    expect(
      detectRegion(document, { ...base, region: { detection: 'query', source: 'region' } }),
    ).toBe('msk');
    expect(
      detectRegion(document, { ...base, region: { detection: 'fixed', source: 'kazan' } }),
    ).toBe('kazan');
  });
});

describe('consent mode', () => {
  it('none sends, opt-in waits for a yes, opt-out stops at a no', () => {
    const optIn = { ...base, consent: { mode: 'opt-in' as const, cookie: 'ok' } };
    const optOut = { ...base, consent: { mode: 'opt-out' as const, cookie: 'ok' } };
    expect(consentByCookie(document, base)).toBe(true);
    expect(consentByCookie(document, optIn)).toBe(false);
    expect(consentByCookie(document, optOut)).toBe(true);
    document.cookie = 'ok=true';
    expect(consentByCookie(document, optIn)).toBe(true);
    document.cookie = 'ok=0';
    expect(consentByCookie(document, optIn)).toBe(false);
    expect(consentByCookie(document, optOut)).toBe(false);
  });
});
