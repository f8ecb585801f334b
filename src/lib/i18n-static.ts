import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/index.ts';
import ru from '../locales/ru/index.ts';
import { baseOptions } from './i18n.ts';
import { DEFAULT_LOCALE } from './locale.ts';
import type { Locale } from './locale.ts';
import { installZodErrorMap } from './zod-error-map.ts';

/**
 * A synchronous instance with both languages bundled: for component tests and Storybook
 * only. The app uses `initI18n()`, which loads one language lazily; never import this
 * module from app code.
 */
export function createStaticI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseOptions,
    lng: locale,
    initAsync: false,
    resources: { ru: { translation: ru }, en: { translation: en } },
  });
  installZodErrorMap((key, params) => instance.t(key, params ?? {}));
  return instance;
}
