import { cleanup, render } from '@testing-library/react';
import type { RenderOptions, RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { createStaticI18n } from '#src/lib/i18n-static.ts';
import type { Locale } from '#src/lib/locale.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// user-event drives popovers and calendars step by step; jsdom under a parallel run is slow.
vi.setConfig({ testTimeout: 20_000 });

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Interface language; the console's default is Russian. */
  locale?: Locale;
  /** Options for user-event, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface ProvidersResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  i18n: I18n;
}

/** Renders `ui` with i18n (ru by default) and a user-event session. */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'ru', userEventOptions, ...options }: ProvidersOptions = {},
): ProvidersResult {
  const i18n = createStaticI18n(locale);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const user = userEvent.setup(userEventOptions);
  return { user, i18n, ...render(ui, { wrapper: Wrapper, ...options }) };
}
