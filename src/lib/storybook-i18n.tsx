import type { Decorator } from '@storybook/react-vite';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createStaticI18n } from './i18n-static.ts';
import { isLocale } from './locale.ts';

/**
 * For `.storybook/preview.tsx` (src/ui stories cannot import src/lib):
 *
 *   import { localeToolbar, withI18n } from '#src/lib/storybook-i18n.tsx';
 *   export default { decorators: [withI18n], globalTypes: { locale: localeToolbar } };
 *
 * Stories then render in Russian, with a toolbar switch to English.
 */
export const withI18n: Decorator = (Story, context) => {
  const requested: unknown = context.globals['locale'];
  const locale = isLocale(requested) ? requested : 'ru';
  return (
    <I18nProvider locale={locale}>
      <Story />
    </I18nProvider>
  );
};

function I18nProvider({ locale, children }: { locale: 'ru' | 'en'; children: ReactNode }) {
  const i18n = useMemo(() => createStaticI18n(locale), [locale]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export const localeToolbar = {
  description: 'Interface language',
  defaultValue: 'ru',
  toolbar: {
    title: 'Locale',
    icon: 'globe',
    items: [
      { value: 'ru', title: 'Русский' },
      { value: 'en', title: 'English' },
    ],
    dynamicTitle: true,
  },
};
