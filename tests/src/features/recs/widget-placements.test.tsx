import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecsPlacement } from '#contract/entities/recs.ts';
import WidgetsPage from '#src/features/recs/widgets-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { recordToasts } from '#tests/helpers/toasts.ts';
import { renderPage } from '../reports/render-page.tsx';

const PLACEMENTS: RecsPlacement[] = [
  {
    placement: '#recommendations',
    widgetIds: [],
    pages: [{ block: 'Популярные товары', placement: '#recommendations', pageType: 'HOME_PAGE' }],
  },
  { placement: 'cart_page', widgetIds: ['cart'], pages: [] },
];

function fakeApi(refuseSave?: { status: number; message: string }) {
  return fakeFetch(({ method, path }) => {
    if (path === '/api/recs/1/widgets' && method === 'GET') return { status: 200, body: [] };
    if (path === '/api/recs/1/widgets' && method === 'POST')
      return refuseSave
        ? { status: refuseSave.status, body: refuseSave }
        : {
            status: 200,
            body: {
              widgetId: 'w1',
              name: 'Главная',
              type: 'SLIDER',
              placements: [],
              strategyHash: null,
            },
          };
    if (path === '/api/recs/1/strategies') return { status: 200, body: [] };
    if (path === '/api/recs/1/widgetsPlacements') return { status: 200, body: PLACEMENTS };
    return undefined;
  }).calls;
}

const ROLES = ['ROLE_RECS_WIDGETS_CONFIG'];
const render = () => renderPage(<WidgetsPage />, { roles: ROLES, path: '/w', pattern: '/w' });

async function pick(user: ReturnType<typeof render>['user'], typed: string, option: string) {
  const box = screen.getByRole('combobox', { name: /Места показа/ });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the widget form picks placements from the site', () => {
  it("offers the blocks' and the other widgets' places, takes a new typed one, saves the picks", async () => {
    const calls = fakeApi();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Создать виджет' }));
    const form = screen.getByRole('form', { name: 'Создать виджет' });
    await user.type(within(form).getByLabelText(/Идентификатор виджета/), 'w1');
    await user.type(within(form).getByLabelText(/^Название/), 'Главная');
    await user.click(screen.getByRole('combobox', { name: /Места показа/ }));
    // Every known place, with its blocks and who claims it already.
    expect(
      await screen.findByRole('option', {
        name: '#recommendations — блок «Популярные товары», страница HOME_PAGE',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: 'cart_page — уже в виджете cart' }),
    ).toBeInTheDocument();
    await pick(user, 'Популяр', '#recommendations — блок «Популярные товары», страница HOME_PAGE');
    await pick(user, 'own_call', 'Новое место: own_call');
    expect(within(form).getByRole('list', { name: 'Выбрано' })).toHaveTextContent('own_call');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/recs/1/widgets')).toBe(true),
    );
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/api/recs/1/widgets');
    expect(saved?.body).toMatchObject({
      widgetId: 'w1',
      placements: ['#recommendations', 'own_call'],
    });
    expect(calls.filter((c) => c.path === '/api/recs/1/widgetsPlacements')).toHaveLength(1);
  });

  it('keeps the form and its picks when the save is refused', async () => {
    fakeApi({ status: 409, message: 'Widget w1 exists already' });
    const toasts = recordToasts();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Создать виджет' }));
    const form = screen.getByRole('form', { name: 'Создать виджет' });
    await user.type(within(form).getByLabelText(/Идентификатор виджета/), 'w1');
    await user.type(within(form).getByLabelText(/^Название/), 'Главная');
    await pick(user, 'cart', 'cart_page — уже в виджете cart');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(toasts.last()?.message).toContain('Widget w1 exists already');
    expect(within(form).getByRole('list', { name: 'Выбрано' })).toHaveTextContent('cart_page');
  });
});
