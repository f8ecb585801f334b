/**
 * The catalogue's chart form on the contract's schema: a malformed id is refused in Russian as it
 * is typed, with Save held and nothing sent; a good chart is sent with the body the call takes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import EditReportsPage from '#src/features/reports/custom/edit-reports-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from './render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

it('refuses a malformed id before any call, then saves the chart', async () => {
  const { calls } = fakeFetch(({ method, path, body }) => {
    if (path === '/api/custom-report/charts' && method === 'GET') return { status: 200, body: [] };
    if (path === '/api/admin/report-charts' && method === 'POST') return { status: 200, body };
    return undefined;
  });
  const { user } = renderPage(<EditReportsPage />, { roles: ['ROLE_ADMIN'] });
  await user.click(await screen.findByRole('button', { name: 'Добавить график' }));
  const dialog = await screen.findByRole('dialog', { name: 'Новый график' });
  const save = within(dialog).getByRole('button', { name: 'Сохранить' });
  const writes = () => calls.filter((call) => call.method !== 'GET');

  await user.type(within(dialog).getByLabelText(/^ID/), 'Mobile Orders');
  expect(await within(dialog).findByText(/^Идентификатор: латинская строчная буква/)).toBeVisible();
  expect(save).toBeDisabled();
  expect(writes()).toEqual([]);

  await user.clear(within(dialog).getByLabelText(/^ID/));
  await user.type(within(dialog).getByLabelText(/^ID/), 'mobile-orders');
  await user.type(within(dialog).getByLabelText(/^Название/), 'Заказы с телефонов');
  const add = within(dialog).getByLabelText('Добавить метрику');
  const metric = within(add).getAllByRole('option')[1] as HTMLOptionElement;
  await user.selectOptions(add, metric.value);
  await user.selectOptions(within(dialog).getByLabelText('Тип графика'), 'bar');
  await waitFor(() => expect(save).toBeEnabled());
  await user.click(save);
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]).toMatchObject({
    method: 'POST',
    body: {
      id: 'mobile-orders',
      title: 'Заказы с телефонов',
      metrics: [metric.value],
      platform: null,
      chartType: 'bar',
      position: 1,
    },
  });
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
});
