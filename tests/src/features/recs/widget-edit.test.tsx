/** Editing a widget: its id cannot change but is sent, the edit goes by PUT and the form closes. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { RecsWidget } from '#contract/entities/recs.ts';
import WidgetsPage from '#src/features/recs/widgets-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

const WIDGET: RecsWidget = {
  widgetId: 'w1',
  name: 'Главная',
  type: 'SLIDER',
  placements: ['#recommendations'],
  strategyHash: null,
};

afterEach(() => vi.unstubAllGlobals());

it('edits a widget: the id shown but not editable is sent with the changed name', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/recs/1/widgets' && method === 'GET') return { status: 200, body: [WIDGET] };
    if (path === '/api/recs/1/widgets' && method === 'PUT')
      return { status: 200, body: { ...WIDGET, name: 'Главная 2' } };
    if (path === '/api/recs/1/strategies') return { status: 200, body: [] };
    if (path === '/api/recs/1/widgetsPlacements') return { status: 200, body: [] };
    return undefined;
  });
  const { user } = renderPage(<WidgetsPage />, {
    roles: ['ROLE_RECS_WIDGETS_CONFIG'],
    path: '/w',
    pattern: '/w',
  });
  await user.click(await screen.findByRole('button', { name: 'Изменить Главная' }));
  const form = screen.getByRole('form', { name: 'Изменить' });
  expect(within(form).getByLabelText(/Идентификатор виджета/)).toBeDisabled();
  await user.type(within(form).getByLabelText(/^Название/), ' 2');
  await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
    ...WIDGET,
    name: 'Главная 2',
  });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Изменить' })).toBeNull());
});
