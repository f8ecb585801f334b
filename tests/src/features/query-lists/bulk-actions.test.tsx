import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryListEntry } from '#contract/entities/query-lists.ts';
import QueryListPage from '#src/features/query-lists/query-list-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { recordToasts } from '#tests/helpers/toasts.ts';
import { renderPage } from '../reports/render-page.tsx';

const entry = (over: Partial<QueryListEntry>): QueryListEntry => ({
  id: 1,
  list: 'transliterations',
  serviceType: null,
  vertical: '',
  term: 'найк',
  variants: ['nike'],
  mode: 'one-way',
  enabled: true,
  siteCount: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const PAIRS = [
  entry({}),
  entry({ id: 2, term: 'адидас', variants: ['adidas'] }),
  entry({ id: 3, term: 'пума', variants: ['puma'], enabled: false }),
];

/** The list calls at the network; `refuse` answers a method and path with its failure. */
function fakeApi(list: string, refuse: Record<string, { status: number; message: string }> = {}) {
  return fakeFetch(({ method, path, query }) => {
    const refused = refuse[`${method} ${path}`];
    if (refused) return { status: refused.status, body: refused };
    if (path === '/api/transliterations/search') {
      const text = query.get('query') ?? '';
      return { status: 200, body: PAIRS.filter((p) => p.term.includes(text)) };
    }
    if (path === list && method === 'GET') return { status: 200, body: PAIRS };
    if (method === 'DELETE' || method === 'PUT') return { status: 200, body: { changed: 2 } };
    if (path === '/api/site/1') return { status: 404, body: { status: 404, message: 'no' } };
    return undefined;
  }).calls;
}

const render = (path: string, roles: string[]) =>
  renderPage(<QueryListPage />, { roles, path, pattern: path });
const EDIT = ['ROLE_AQ_VIEW', 'ROLE_AQ_SYNONYMS_CONFIG'];
const TRANSLIT = '/anyquery/search/transliterations';

afterEach(() => vi.unstubAllGlobals());

describe('transliterations on the resource machinery', () => {
  it('searches the server for what is typed, not the rows loaded', async () => {
    const calls = fakeApi('/api/transliterations');
    const { user } = render(TRANSLIT, EDIT);
    await screen.findAllByRole('cell', { name: 'адидас' });
    await user.type(screen.getByRole('searchbox', { name: /Фильтр/ }), 'пу');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/transliterations/search')).toBe(true),
    );
    const search = calls.find((c) => c.path === '/api/transliterations/search')!;
    expect(search.query.get('query')).toBe('пу');
    expect(search.query.get('siteId')).toBe('1');
    await waitFor(() => expect(screen.queryAllByRole('cell', { name: 'адидас' })).toHaveLength(0));
    expect(screen.getAllByRole('cell', { name: 'пума' })).not.toHaveLength(0);
  });

  it('deletes several ticked pairs in one call after a confirmation naming them', async () => {
    const calls = fakeApi('/api/transliterations');
    const toasts = recordToasts();
    const { user } = render(TRANSLIT, EDIT);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать «найк»' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать «пума»' }));
    const bar = screen.getByRole('group', { name: 'Действия с выбранными' });
    expect(bar).toHaveTextContent('Выбраны 2 записи');
    await user.click(within(bar).getByRole('button', { name: 'Удалить 2 записи' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить 2 записи?' });
    const named = within(dialog).getByRole('list', { name: 'Удаляемые записи' });
    expect(
      within(named)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['найк', 'пума']);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const removed = calls.filter((c) => c.method === 'DELETE');
    expect(removed).toHaveLength(1);
    expect(removed[0]!.path).toBe('/api/transliterations/delete');
    expect(removed[0]!.body).toEqual({ ids: [1, 3] });
    expect(toasts.last()?.kind).toBe('success');
    expect(screen.queryByRole('group', { name: 'Действия с выбранными' })).toBeNull();
  });

  it('keeps the confirmation and the ticks when the delete fails', async () => {
    fakeApi('/api/transliterations', {
      'DELETE /api/transliterations/delete': { status: 500, message: 'database down' },
    });
    const toasts = recordToasts();
    const { user } = render(TRANSLIT, EDIT);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Выбрать все строки на странице' }),
    );
    await user.click(screen.getByRole('button', { name: 'Удалить 3 записи' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить 3 записи?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Действия с выбранными' })).toHaveTextContent(
      'Выбраны 3 записи',
    );
  });

  it('shows a reader no ticks and no bulk actions', async () => {
    fakeApi('/api/transliterations');
    render(TRANSLIT, ['ROLE_AQ_VIEW']);
    await screen.findAllByRole('cell', { name: 'адидас' });
    expect(screen.queryByRole('checkbox', { name: /^Выбрать/ })).toBeNull();
  });
});

describe('a query list enables and disables several entries at once', () => {
  it('sends the ticked ids with the switch, and says when it fails', async () => {
    const calls = fakeApi('/api/aq/white-list');
    const toasts = recordToasts();
    const { user } = render('/anyquery/service/white-list', [
      'ROLE_AQ_VIEW',
      'ROLE_AQ_WHITE_BLACK_LIST_CONFIG',
    ]);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать «адидас»' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать «пума»' }));
    await user.click(screen.getByRole('button', { name: 'Включить на сайте' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const enabled = calls.find((c) => c.method === 'PUT')!;
    expect(enabled.path).toBe('/api/aq/white-list/enable');
    expect(enabled.body).toEqual({ ids: [2, 3], enabled: true });
    await waitFor(() => expect(toasts.last()?.kind).toBe('success'));

    vi.unstubAllGlobals();
    fakeApi('/api/aq/white-list', {
      'PUT /api/aq/white-list/enable': { status: 500, message: 'database down' },
    });
    await user.click(screen.getByRole('button', { name: 'Выключить на сайте' }));
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(toasts.last()?.message).toContain('database down');
  });
});
