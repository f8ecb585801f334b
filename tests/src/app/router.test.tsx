import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import {
  CHUNK_TIMEOUT_MS,
  ChunkTimeoutError,
  screenRoute,
  withChunkTimeout,
} from '#src/app/route-objects.tsx';
import { APP_ROUTES, firstScreen, type AppRoute } from '#src/app/routes.ts';
import { deniedTarget } from '#src/layout/route-guard.tsx';
import { RouteError } from '#src/layout/route-error.tsx';
import { createStaticI18n } from '#src/lib/i18n-static.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

afterEach(() => {
  vi.useRealTimers();
  useAuthStore.setState({ me: null, expiresAt: null });
});

const route = (path: string) => APP_ROUTES.find((r) => r.path === path)!;

describe('where a user goes who may not stay (spec §8: a 403 goes to /home)', () => {
  it('a denied screen sends to /home; /home sends a user without reports to their first screen', () => {
    expect(deniedTarget(route('/admin/roles'), ROLE_PRESETS.manager)).toBe('/home');
    // The layout designer holds no report role: their first screen is the greeting at /.
    expect(deniedTarget(route('/home'), ROLE_PRESETS['layout designer'])).toBe('/');
    expect(firstScreen(ROLE_PRESETS['layout designer'])).toBe('/');
    expect(firstScreen(ROLE_PRESETS.manager)).toBe('/home');
    expect(firstScreen([])).toBe('/');
  });
});

describe('a lazy screen that does not load (spec §9: 120 000 ms)', () => {
  it('withChunkTimeout rejects after the time-out and passes a load that arrives', async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(new Promise(() => undefined));
    const caught = never.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toBeInstanceOf(ChunkTimeoutError);
    await expect(withChunkTimeout(Promise.resolve('page'))).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the chunk error with a retry instead of spinning', async () => {
    vi.useFakeTimers();
    useAuthStore.setState({ me: { roles: ['ROLE_ADMIN'] } as never, expiresAt: null });
    const hanging: AppRoute = {
      path: '/slow',
      titleKey: 'routes.mvt',
      breadcrumbs: [],
      roles: [],
      locales: [],
      page: () => new Promise(() => undefined),
    };
    const router = createMemoryRouter(
      [{ errorElement: <RouteError />, children: [screenRoute(hanging)] }],
      { initialEntries: ['/slow'] },
    );
    const i18n = createStaticI18n('ru');
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить часть приложения');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
