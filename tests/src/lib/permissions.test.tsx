import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { presetsAllowing, useDenied } from '#src/lib/permissions.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';

function signIn(roles: readonly string[]) {
  useAuthStore.setState({
    me: {
      login: 'designer',
      name: 'Дарья',
      roles: [...roles],
      isClient: false,
      tabs: [],
      sessionLength: 3600,
      sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    expiresAt: Date.now() + 3_600_000,
  });
}

/** The hook under the test helpers' i18n instance, in one language. */
function denied(required: Parameters<typeof useDenied>[0], locale: 'ru' | 'en' = 'ru') {
  const { i18n, unmount } = renderWithProviders(<></>, { locale });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const hook = renderHook(() => useDenied(required), { wrapper });
  const value = hook.result.current;
  hook.unmount();
  unmount();
  return value;
}

afterEach(() => useAuthStore.setState({ me: null, expiresAt: null }));

describe('presetsAllowing', () => {
  it('names the presets that may, without the administrator or presets that only add to one', () => {
    expect(presetsAllowing(['ROLE_SITE_CONFIG'])).toEqual(['integrator', 'manager', 'sales']);
    expect(presetsAllowing(['ROLE_MERCHANDISING_BOOSTING_CONFIG'])).toEqual([
      'integrator',
      'manager',
      'user',
    ]);
    expect(presetsAllowing(['ROLE_USER_CONFIG'])).toEqual(['manager']);
    expect(presetsAllowing(['ROLE_ADMIN'])).toEqual([]);
  });
});

describe('useDenied', () => {
  it('is null when the roles allow', () => {
    signIn(ROLE_PRESETS['layout designer']);
    expect(denied(['ROLE_CONFIG_SEARCH_SAVE_TO_PROD'])).toBeNull();
  });

  it('says who may, in Russian and in English', () => {
    signIn(ROLE_PRESETS['layout designer']);
    expect(denied(['ROLE_SITE_CONFIG'])).toEqual({
      note: 'Только просмотр: изменять могут роли «Интегратор», «Менеджер» и «Продажи». Поля и кнопки неактивны; права выдаёт администратор.',
      reason: 'Недоступно вашей роли: это могут роли «Интегратор», «Менеджер» и «Продажи».',
      who: 'Изменять могут роли «Интегратор», «Менеджер» и «Продажи».',
    });
    expect(denied(['ROLE_SITE_CONFIG'], 'en')?.note).toBe(
      'View only: the roles “Integrator”, “Manager”, and “Sales” can change this. Fields and buttons are inactive; an administrator grants the rights.',
    );
  });

  it('names the administrator alone when no preset may', () => {
    signIn(ROLE_PRESETS['layout designer']);
    expect(denied(['ROLE_ADMIN'])?.note).toBe(
      'Только просмотр: изменять может только администратор. Поля и кнопки неактивны.',
    );
  });
});
