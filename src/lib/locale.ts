/** Interface languages; `ru` is the source language and the default. */
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

export const LOCALE_COOKIE = 'locale';
/** 360 days, spec part 1 §5 and §9. */
export const LOCALE_COOKIE_MAX_AGE = 31_104_000;
/** The spec's wording, kept verbatim: callers match on it. */
export const LOCALE_NOT_ALLOWED = 'Parameter is not present in list of allowed';

export class LocaleNotAllowedError extends Error {
  constructor(readonly value: unknown) {
    super(LOCALE_NOT_ALLOWED);
    this.name = 'LocaleNotAllowedError';
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Returns the locale or throws `LocaleNotAllowedError` for anything but ru/en. */
export function parseLocale(value: unknown): Locale {
  if (!isLocale(value)) throw new LocaleNotAllowedError(value);
  return value;
}

/** Reads the `locale` cookie; an absent or unknown value reads as `undefined`. */
export function readLocaleCookie(cookie: string = document.cookie): Locale | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return isLocale(value) ? value : undefined;
  }
  return undefined;
}

/** The `Set-Cookie`/`document.cookie` string for a locale; throws for anything but ru/en. */
export function serializeLocaleCookie(locale: unknown): string {
  const value = parseLocale(locale);
  return `${LOCALE_COOKIE}=${value}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

export function writeLocaleCookie(locale: unknown): Locale {
  const value = parseLocale(locale);
  document.cookie = serializeLocaleCookie(value);
  return value;
}
