import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createStaticI18n } from '#src/lib/i18n-static.ts';
import type { Locale } from '#src/lib/locale.ts';
import en from '#studio/locales/en/editors.json';
import ru from '#studio/locales/ru/editors.json';
// registers Testing Library's cleanup and the test timeout
import '#tests/helpers/render.tsx';

/**
 * Like renderWithProviders, with the editors' strings (`studio.editors.*`) in the instance
 * whether or not the console has registered the studio namespace yet.
 */
export function renderEditors(ui: ReactElement, { locale = 'ru' }: { locale?: Locale } = {}) {
  const i18n = createStaticI18n(locale);
  i18n.addResourceBundle('ru', 'translation', { studio: { editors: ru } }, true, true);
  i18n.addResourceBundle('en', 'translation', { studio: { editors: en } }, true, true);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const user = userEvent.setup();
  return { user, i18n, ...render(ui, { wrapper: Wrapper }) };
}
