import i18next from 'i18next';
import type { BackendModule, i18n as I18n, InitOptions, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  LOCALES,
  isLocale,
  readLocaleCookie,
  writeLocaleCookie,
} from './locale.ts';
import type { Locale } from './locale.ts';
import { installZodErrorMap } from './zod-error-map.ts';

/**
 * One dynamic import per language: the bundler emits one chunk each, loaded on demand.
 * `en` may differ from `ru` in plural forms, so it is typed loosely here; the locales test
 * keeps the two in step.
 */
const loaders: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  ru: () => import('../locales/ru/index.ts'),
  en: () => import('../locales/en/index.ts'),
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(null, {});
      return;
    }
    loaders[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

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
 * `locale` cookie (ru when absent), loads only that language's strings, installs the zod
 * error map and keeps `<html lang>` in step.
 */
export async function initI18n(locale?: Locale): Promise<I18n> {
  const lng = locale ?? readLocaleCookie() ?? DEFAULT_LOCALE;
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocument);
    await i18next
      .use(lazyBackend)
      .use(initReactI18next)
      .init({ ...baseOptions, lng });
    installZodErrorMap((key, params) => i18next.t(key, params ?? {}));
  } else if (i18next.language !== lng) {
    await i18next.changeLanguage(lng);
  }
  syncDocument(lng);
  return i18next;
}

/**
 * Switches the interface language and remembers it in the cookie for 360 days. Throws
 * `LocaleNotAllowedError` ('Parameter is not present in list of allowed') for anything
 * but ru/en, before touching the cookie.
 */
export async function setLocale(locale: unknown): Promise<Locale> {
  const value = writeLocaleCookie(locale);
  await i18next.changeLanguage(value);
  return value;
}

/** The active interface language. */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export { i18next as i18n };
