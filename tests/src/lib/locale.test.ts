import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCALE_NOT_ALLOWED,
  parseLocale,
  readLocaleCookie,
  serializeLocaleCookie,
  writeLocaleCookie,
} from '#src/lib/locale.ts';

afterEach(() => {
  document.cookie = 'locale=; Max-Age=0; Path=/';
});

describe('locale cookie', () => {
  it('accepts ru and en only', () => {
    expect(parseLocale('ru')).toBe('ru');
    expect(parseLocale('en')).toBe('en');
    for (const bad of ['de', 'RU', '', undefined, 1]) {
      expect(() => parseLocale(bad)).toThrow(LOCALE_NOT_ALLOWED);
    }
    expect(LOCALE_NOT_ALLOWED).toBe('Parameter is not present in list of allowed');
  });

  it('is kept for 31104000 seconds', () => {
    expect(serializeLocaleCookie('en')).toBe('locale=en; Max-Age=31104000; Path=/; SameSite=Lax');
    expect(() => serializeLocaleCookie('fr')).toThrow(LOCALE_NOT_ALLOWED);
  });

  it('round-trips through document.cookie and ignores unknown values', () => {
    expect(readLocaleCookie()).toBeUndefined();
    writeLocaleCookie('en');
    expect(readLocaleCookie()).toBe('en');
    expect(() => writeLocaleCookie('de')).toThrow(LOCALE_NOT_ALLOWED);
    expect(readLocaleCookie()).toBe('en');
    expect(readLocaleCookie('a=1; locale=xx')).toBeUndefined();
    expect(readLocaleCookie('a=1; locale=ru')).toBe('ru');
  });
});
