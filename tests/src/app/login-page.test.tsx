import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '#src/features/auth/login-page.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ me: null, expiresAt: null });
});

const answer = (status: number, body: unknown) => fakeFetch(() => ({ status, body })).fetch;

function renderLogin() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/home" element={<p>home</p>} />
        <Route path="/" element={<p>greeting</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('sign-in page', () => {
  it('asks for both fields before calling', async () => {
    const fetch = answer(200, {});
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'Неверное имя пользователя или пароль'],
    [429, 'Слишком много попыток входа. Подождите минуту и попробуйте снова.'],
    [500, 'Что-то пошло не так'],
  ])('answers %i with a translated message, never the server text', async (status, text) => {
    answer(status, { status, message: 'Server says so in English' });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/Имя пользователя/), 'admin');
    await user.type(screen.getByLabelText(/Пароль/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText(/English/)).toBeNull();
  });

  it('posts the form fields and goes home', async () => {
    const fetch = answer(200, {
      login: 'manager',
      name: '',
      roles: ['ROLE_REPORT_AGG_VIEW'],
      isClient: false,
      tabs: [],
      sessionLength: 3600,
      sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/Имя пользователя/), ' manager ');
    await user.type(screen.getByLabelText(/Пароль/), 'vitrina-demo');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('username=manager&password=vitrina-demo');
  });
});
