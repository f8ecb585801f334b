import i18next from 'i18next';
import type { i18n as I18n, InitOptions, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  LOCALES,
  isLocale,
  parseLocale,
  readLocaleCookie,
  writeLocaleCookie,
} from './locale.ts';
import type { Locale } from './locale.ts';
import { CORE_LOCALES, type LocaleDomain } from './i18n-domains.ts';

export { CORE_LOCALES, type LocaleDomain };

type Json = { default: ResourceKey };
/** One chunk per file and language, fetched on demand (never all bundled). */
const consoleFiles = import.meta.glob<Json>('../locales/*/*.json');
const studioFiles = import.meta.glob<Json>('../../studio/locales/*/*.json');

const camel = (file: string) => file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The loaders of one domain in one language: each yields the domain's part of the tree. */
function loadersOf(locale: Locale, domain: LocaleDomain): (() => Promise<ResourceKey>)[] {
  const found: (() => Promise<ResourceKey>)[] = [];
  for (const [path, load] of Object.entries(consoleFiles)) {
    const match = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] === locale && camel(match[2]!) === domain)
      found.push(async () => (await load()).default);
  }
  if (domain === 'studio') {
    for (const [path, load] of Object.entries(studioFiles)) {
      const match = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
      if (match?.[1] === locale)
        found.push(async () => ({ [camel(match[2]!)]: (await load()).default }) as ResourceKey);
    }
  }
  return found;
}

/** Domains asked for so far: a language switch loads all of them in the new language. */
const wanted = new Set<LocaleDomain>(CORE_LOCALES);
const loading = new Map<string, Promise<void>>();

/** Loads the domains of one language into i18next (each once; a failed load is tried again next time). */
function ensureLocales(locale: Locale, domains: Iterable<LocaleDomain>): Promise<void> {
  const pending = [...new Set(domains)].map((domain) => {
    const key = `${locale}:${domain}`;
    let promise = loading.get(key);
    if (!promise) {
      promise = Promise.all(loadersOf(locale, domain).map((load) => load())).then(
        (parts) => {
          for (const part of parts)
            i18next.addResourceBundle(locale, 'translation', { [domain]: part }, true, true);
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
    }
    return promise;
  });
  return Promise.all(pending).then(() => undefined);
}

/**
 * Makes the route's key domains available in the active language before its screen renders
 * (the router awaits this beside the screen's chunk). Remembered for a later language switch.
 */
export function loadLocales(domains: readonly LocaleDomain[]): Promise<void> {
  for (const domain of domains) wanted.add(domain);
  return ensureLocales(currentLocale(), domains);
}

let zodErrors: Promise<void> | undefined;

/**
 * Installs the translated zod error map, loading zod on first need: the sign-in route carries
 * no zod (DESIGN.md budgets: sign-in ≤ 150 KB), every other screen awaits this before it renders
 * (route-objects.tsx `loadScreen`), so no form validates before the map is in place.
 */
export function loadValidationMessages(): Promise<void> {
  zodErrors ??= import('./zod-error-map.ts').then(({ installZodErrorMap }) =>
    installZodErrorMap((key, params) => i18next.t(key, params ?? {})),
  );
  return zodErrors;
}

/** Options shared by the app instance and the static one used by tests and stories. */
export const baseOptions = {
  fallbackLng: false,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} satisfies InitOptions;

function syncDocument(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Call once before the first render: `await initI18n()`. Picks the language from the
 * `locale` cookie (ru when absent), loads only that language's core strings (the rest come
 * with the routes that need them) and keeps `<html lang>` in step.
 */
export async function initI18n(locale?: Locale): Promise<I18n> {
  const lng = locale ?? readLocaleCookie() ?? DEFAULT_LOCALE;
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocument);
    await i18next.use(initReactI18next).init({ ...baseOptions, lng, resources: {} });
  }
  await ensureLocales(lng, wanted);
  if (i18next.language !== lng) await i18next.changeLanguage(lng);
  syncDocument(lng);
  return i18next;
}

/**
 * Switches the interface language and remembers it in the cookie for 360 days. Throws
 * `LocaleNotAllowedError` ('Parameter is not present in list of allowed') for anything
 * but ru/en, before touching the cookie. The strings of every domain loaded so far come first,
 * so the screen never shows a key.
 */
export async function setLocale(locale: unknown): Promise<Locale> {
  const value = parseLocale(locale);
  // The choice is kept at once: a page opened while the strings load is in that language.
  writeLocaleCookie(value);
  await ensureLocales(value, wanted);
  await i18next.changeLanguage(value);
  return value;
}

/** The active interface language. */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export { i18next as i18n };
