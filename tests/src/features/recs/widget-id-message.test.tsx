/** A new widget's id out of the contract's pattern: the form says why in Russian and sends nothing. */
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import WidgetsPage from '#src/features/recs/widgets-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

it('refuses a widget id with a space and an exclamation mark, in the console language', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/recs/1/widgets' && method === 'GET') return { status: 200, body: [] };
    if (path === '/api/recs/1/strategies') return { status: 200, body: [] };
    if (path === '/api/recs/1/widgetsPlacements') return { status: 200, body: [] };
    return undefined;
  });
  const { user } = renderPage(<WidgetsPage />, {
    roles: ['ROLE_RECS_WIDGETS_CONFIG'],
    path: '/w',
    pattern: '/w',
  });
  await user.click(await screen.findByRole('button', { name: 'Создать виджет' }));
  const form = screen.getByRole('form', { name: 'Создать виджет' });
  const id = within(form).getByLabelText(/Идентификатор виджета/);
  await user.type(id, 'хиты дня!');
  await user.type(within(form).getByLabelText(/^Название/), 'Хиты');
  await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
  expect(await within(form).findByText('Только латинские буквы, цифры, _ и -')).toBeVisible();
  expect(id).toHaveAttribute('aria-invalid', 'true');
  expect(within(form).queryByText(/letters, digits/)).toBeNull();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
});
