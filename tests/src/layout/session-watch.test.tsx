import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_WARNING_MS, SessionWatch } from '#src/layout/session-watch.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';

afterEach(() => {
  vi.useRealTimers();
  useAuthStore.setState({ me: null, expiresAt: null });
});

describe('SessionWatch (spec §4, §9)', () => {
  it('warns 120 s before the session ends, then says it has expired', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    useAuthStore.setState({ me: { login: 'm' } as never, expiresAt: 1_000_000 + 300_000 });
    renderWithProviders(
      <MemoryRouter>
        <SessionWatch />
      </MemoryRouter>,
      { locale: 'en' },
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(300_000 - SESSION_WARNING_MS + 100));
    expect(screen.getByRole('alert')).toHaveTextContent('Your session is about to expire');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_WARNING_MS));
    expect(screen.getByRole('dialog')).toHaveTextContent('Your session has expired');
  });

  it('moves the warning when a call extends the session', async () => {
    vi.useFakeTimers({ now: 0 });
    useAuthStore.setState({ me: { login: 'm' } as never, expiresAt: 200_000 });
    renderWithProviders(
      <MemoryRouter>
        <SessionWatch />
      </MemoryRouter>,
      { locale: 'en' },
    );
    await act(() => vi.advanceTimersByTimeAsync(85_000));
    expect(screen.getByRole('alert')).toBeVisible();
    act(() => useAuthStore.getState().touched(3600));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
