import type resources from '#src/locales/ru/index.ts';

/** `ru` is the source: every key the code uses must exist there (STYLE.md 21). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof resources };
  }
}
