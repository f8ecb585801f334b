import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExplainResult, QueryListEntry } from '#contract/entities/query-lists.ts';
import QueryListPage from '#src/features/query-lists/query-list-page.tsx';
import { useToastStore } from '#src/ui/toast/toast-store.ts';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

const entry = (over: Partial<QueryListEntry>): QueryListEntry => ({
  id: 7,
  list: 'synonyms',
  serviceType: 'AQ_SYNONYM',
  vertical: '',
  term: 'худи',
  variants: ['толстовка'],
  mode: 'two-way',
  enabled: true,
  siteCount: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const ENTRIES = [entry({}), entry({ id: 8, term: 'шапка', variants: ['кепка'], enabled: false })];

/** What the search finds with `variants` as the synonyms of the query. */
const result = (query: string, variants: string[]): ExplainResult => ({
  query,
  rewritten: `(${[query, ...variants].join(' | ')})`,
  blocked: false,
  steps: [{ step: 'synonyms', output: `(${[query, ...variants].join(' | ')})`, note: null }],
  total: variants.length * 2,
  products: variants.map((variant, i) => ({
    id: String(i + 1),
    name: `${variant[0]!.toUpperCase()}${variant.slice(1)} ${i + 1}`,
    brand: null,
  })),
});

/** The list and explain calls at the network; `refuse` makes a comparison answer 400. */
function fakeApi(refuse?: (body: { change: { variants?: string[] } }) => boolean) {
  return fakeFetch(({ method, path, query, body }) => {
    if (path === '/api/aq/synonyms' && method === 'GET') return { status: 200, body: ENTRIES };
    if (path === '/api/aq/explain/compare') {
      const compare = body as { st: string; change: { variants?: string[] } };
      if (refuse?.(compare))
        return {
          status: 400,
          body: {
            status: 400,
            message: 'Invalid request: a synonym needs at least one other term',
          },
        };
      return {
        status: 200,
        body: {
          before: result(compare.st, ['толстовка']),
          after: result(compare.st, compare.change.variants ?? []),
        },
      };
    }
    if (path === '/api/aq/explain')
      return { status: 200, body: result(query.get('st') ?? '', ['толстовка']) };
    return undefined;
  }).calls;
}

const ROLES = ['ROLE_AQ_VIEW', 'ROLE_AQ_SYNONYMS_CONFIG'];
const render = () =>
  renderPage(<QueryListPage />, {
    roles: ROLES,
    path: '/anyquery/search/synonyms',
    pattern: '/anyquery/search/synonyms',
  });

async function openEdit(user: ReturnType<typeof render>['user'], term: string) {
  // The row starts with its tick («Выбрать «худи»»); its buttons end with the entry's term.
  const row = await screen.findByRole('row', { name: new RegExp(`^Выбрать «${term}»`) });
  await user.click(within(row).getByRole('button', { name: `Изменить ${term}` }));
  return screen.findByRole('dialog', { name: 'Изменить запись' });
}

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('the edit dialog of a query list (issue 12)', () => {
  it('compares the entry as saved with the edited one for a query, nothing saved', async () => {
    const calls = fakeApi();
    const { user } = render();
    const dialog = await openEdit(user, 'худи');
    expect(within(dialog).getByText(/Правка записи ещё не сохранена/)).toBeInTheDocument();
    // The query starts as the entry's term.
    const query = within(dialog).getByLabelText('Запрос');
    expect(query).toHaveValue('худи');
    const variants = within(dialog).getByLabelText('Синонимы');
    await user.clear(variants);
    await user.type(variants, 'свитер, кофта');
    await user.click(within(dialog).getByRole('button', { name: 'Сравнить' }));

    const now = await within(dialog).findByTestId('explain-before');
    const withChange = within(dialog).getByTestId('explain-after');
    expect(within(dialog).getByRole('region', { name: 'Сейчас' })).toContainElement(now);
    expect(within(dialog).getByRole('region', { name: 'С этой правкой' })).toContainElement(
      withChange,
    );
    expect(now).toHaveTextContent('(худи | толстовка)');
    expect(now).toHaveTextContent('Толстовка 1');
    expect(withChange).toHaveTextContent('(худи | свитер | кофта)');
    expect(withChange).toHaveTextContent('Найдено 4 товара');
    const compare = calls.filter((call) => call.path === '/api/aq/explain/compare');
    expect(compare).toHaveLength(1);
    expect(compare[0]!.query.get('siteId')).toBe('1');
    expect(compare[0]!.body).toEqual({
      st: 'худи',
      channel: 'search',
      list: 'synonyms',
      change: {
        op: 'update',
        id: 7,
        term: 'худи',
        variants: ['свитер', 'кофта'],
        mode: 'two-way',
      },
    });

    // Another edit: the comparison shown was the old edit's, so it goes; a new one follows it.
    await user.type(variants, ', джемпер');
    expect(within(dialog).queryByTestId('explain-after')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Сравнить' }));
    expect(await within(dialog).findByTestId('explain-after')).toHaveTextContent(
      '(худи | свитер | кофта | джемпер)',
    );
    // Comparing wrote nothing: no PUT, and the page's own box has no comparison.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('explain-after')).toBeNull();
  });

  it('shows the refusal of an edit the list would refuse, and no comparison', async () => {
    fakeApi((body) => (body.change.variants ?? []).length === 0);
    const { user } = render();
    const dialog = await openEdit(user, 'худи');
    await user.clear(within(dialog).getByLabelText('Синонимы'));
    await user.click(within(dialog).getByRole('button', { name: 'Сравнить' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        expect.stringContaining('a synonym needs at least one other term'),
      ]),
    );
    expect(within(dialog).queryByTestId('explain-after')).toBeNull();
    expect(within(dialog).queryByTestId('explain-before')).toBeNull();
  });

  it('explains the live lists alone for a disabled entry, which changes nothing', async () => {
    const calls = fakeApi();
    const { user } = render();
    const dialog = await openEdit(user, 'шапка');
    expect(within(dialog).getByText(/Запись выключена на сайте/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Правка записи ещё не сохранена/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Синонимы'), ', панама');
    await user.click(within(dialog).getByRole('button', { name: 'Проверить' }));
    expect(await within(dialog).findByTestId('explain')).toHaveTextContent('шапка');
    expect(calls.some((call) => call.path === '/api/aq/explain/compare')).toBe(false);
    expect(calls.find((call) => call.path === '/api/aq/explain')?.query.get('st')).toBe('шапка');
  });
});
