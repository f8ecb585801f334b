/**
 * The boost and recommendation rule forms on the contract's schemas: what is missing is said in
 * Russian on its field and above the buttons, nothing is sent; a filled form sends the contract's
 * input, empty numbers taking their defaults. The items come from the shared catalog pickers:
 * searched, picked or typed, the rule sends their ids.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import RecsRulesPage from '#src/features/merch/recs-rules-page.tsx';
import SearchRulesPage from '#src/features/merch/search-rules-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const EMPTY_PAGE = { status: 200, body: { total: 0, items: [] } };

it('a boost rule: empty fields named, then the rule sent with the defaults of empty numbers', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/merchandising/boosting/criteria') return EMPTY_PAGE;
    if (path === '/api/merchandising/boosting' && method === 'POST')
      return { status: 200, body: { id: 7 } };
    return undefined;
  });
  const { user } = renderPage(<SearchRulesPage />, {
    roles: ['ROLE_MERCHANDISING_BOOSTING_CONFIG'],
  });
  await user.click(await screen.findByRole('button', { name: 'Создать правило' }));
  const dialog = screen.getByRole('dialog', { name: 'Новое правило бустинга' });
  const create = within(dialog).getByRole('button', { name: 'Создать' });
  await user.click(create);
  expect(await within(dialog).findByText('Заполните пустые поля')).toBeVisible();
  expect(within(dialog).getByLabelText(/^Название/)).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getAllByText('Обязательное поле').length).toBeGreaterThan(0);

  await user.type(within(dialog).getByLabelText(/^Название/), 'Платья');
  await user.type(within(dialog).getByLabelText(/^Запросы/), 'платье{Enter}{Enter}  сарафан ');
  await user.type(within(dialog).getByLabelText(/^Товары/), 'p1{Enter}');
  await user.clear(within(dialog).getByLabelText(/^Вес/));
  await user.clear(within(dialog).getByLabelText(/^Множитель/));
  await user.type(within(dialog).getByLabelText(/^Множитель/), '7');
  expect(
    within(dialog).getByText('Множитель больше 5 может ухудшить качество поиска'),
  ).toBeVisible();
  await user.type(within(dialog).getByLabelText(/^Позиция/), '2');
  await user.click(create);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const sent = calls.filter((call) => call.method === 'POST' && call.path.endsWith('/boosting'));
  expect(sent.map((call) => call.body)).toEqual([
    {
      name: 'Платья',
      boostType: 'PRODUCTS',
      queries: ['платье', 'сарафан'],
      fullMatch: false,
      weight: 1,
      socket: 2,
      multiplier: 7,
      status: true,
      startDate: null,
      endDate: null,
      ranking: true,
      autocomplete: false,
      attributeName: null,
      filters: ['p1'],
    },
  ]);
});

it('a boost rule: products searched and picked in the picker, an id typed, the ids sent', async () => {
  const products = [
    { id: '101', name: 'Платье летнее', picture: '/p/101.jpg' },
    { id: '102', name: 'Платье вечернее', picture: null },
  ];
  const { calls } = fakeFetch(({ method, path, query }) => {
    if (path === '/api/merchandising/boosting/criteria') return EMPTY_PAGE;
    if (path === '/api/catalog/products') {
      const search = query.get('search') ?? '';
      return { status: 200, body: products.filter((p) => p.name.toLowerCase().includes(search)) };
    }
    if (path === '/api/merchandising/boosting' && method === 'POST')
      return { status: 200, body: { id: 8 } };
    return undefined;
  });
  const { user } = renderPage(<SearchRulesPage />, {
    roles: ['ROLE_MERCHANDISING_BOOSTING_CONFIG'],
  });
  await user.click(await screen.findByRole('button', { name: 'Создать правило' }));
  const dialog = screen.getByRole('dialog', { name: 'Новое правило бустинга' });
  await user.type(within(dialog).getByLabelText(/^Название/), 'Летние');
  await user.type(within(dialog).getByLabelText(/^Запросы/), 'платье');
  const picker = within(dialog).getByRole('combobox', { name: 'Товары' });
  expect(picker).toHaveAttribute('placeholder', 'Найти…');
  await user.type(picker, 'летн');
  const option = await screen.findByRole('option', { name: 'Платье летнее (101)' });
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  expect(calls.at(-1)?.query.get('search')).toBe('летн');
  expect(calls.at(-1)?.query.get('siteId')).toBe('1');
  await user.click(option);
  const chosen = within(dialog).getByRole('list', { name: 'Выбрано' });
  expect(within(chosen).getByText('Платье летнее (101)')).toBeVisible();
  // An id the search does not list is added as typed; Enter never sends the form.
  await user.type(picker, 'p7{Enter}');
  expect(within(chosen).getByText('p7')).toBeVisible();
  const saves = () =>
    calls.filter((call) => call.method === 'POST' && call.path.endsWith('/boosting'));
  expect(saves()).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Убрать «p7»' }));
  await user.type(picker, 'p8{Enter}');
  await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(saves().map((call) => call.body)).toEqual([
    {
      name: 'Летние',
      boostType: 'PRODUCTS',
      queries: ['платье'],
      fullMatch: false,
      weight: 1,
      socket: null,
      multiplier: 1,
      status: true,
      startDate: null,
      endDate: null,
      ranking: true,
      autocomplete: false,
      attributeName: null,
      filters: ['101', 'p8'],
    },
  ]);
});

it('a recommendation rule needs products or categories, said in Russian on the products', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/merchandising/recs' && method === 'GET') return EMPTY_PAGE;
    if (path === '/api/merchandising/recs/context')
      return { status: 200, body: { boostTypes: [], regions: [], placements: [], strategies: [] } };
    if (path === '/api/merchandising/recs' && method === 'POST')
      return { status: 200, body: { id: 3 } };
    return undefined;
  });
  const { user } = renderPage(<RecsRulesPage />, { roles: ['ROLE_RECS_MERCH_RULES_CONFIG'] });
  await user.click(await screen.findByRole('button', { name: 'Создать правило' }));
  const dialog = screen.getByRole('dialog', { name: 'Новое правило рекомендаций' });
  await user.type(within(dialog).getByLabelText(/^Название/), 'Хиты');
  await user.clear(within(dialog).getByLabelText(/^Приоритет/));
  await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
  expect(await within(dialog).findByText('Укажите товары или категории')).toBeVisible();
  expect(within(dialog).getByText('Заполните пустые поля')).toBeVisible();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  await user.type(within(dialog).getByLabelText(/^Товары/), 'p9{Enter}');
  await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const body = calls.find((call) => call.method === 'POST')?.body;
  expect(body).toMatchObject({
    name: 'Хиты',
    priority: 0,
    boostType: 'HARD',
    endDate: null,
    productIds: ['p9'],
    categories: [],
  });
  expect((body as { startDate: string }).startDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00$/);
});
