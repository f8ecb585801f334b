import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecsConfigEntry, RecsStrategy, RecsWidget } from '#contract/entities/recs.ts';
import StrategiesPage from '#src/features/recs/strategies-page.tsx';
import { fakeFetch, type FakeHandler } from '#tests/helpers/fake-fetch.ts';
import { recordToasts } from '#tests/helpers/toasts.ts';
import { renderPage } from '../reports/render-page.tsx';

const HASH = 'a1b2c3d4e5f6';
const strategy: RecsStrategy = {
  hash: HASH,
  name: 'Хиты',
  modelName: 'popular_window',
  enabled: true,
  revision: 1,
  configs: { windowDays: '7' },
  revisions: [
    {
      revision: 1,
      configs: { windowDays: '7' },
      rows: 40,
      events: 100,
      quality: {
        hitRateAt10: 0.2,
        hitRateAt20: 0.3,
        mrrAt20: 0.1,
        popularityHitRateAt10: 0.1,
        previousHitRateAt10: null,
        cases: 12,
      },
      builtAt: '2026-11-01T00:00:00Z',
    },
  ],
  updatedAt: '2026-11-01T00:00:00Z',
};
const entry = (over: Partial<RecsConfigEntry>): RecsConfigEntry => ({
  name: 'windowDays',
  required: true,
  type: 'INT',
  defaultValue: '30',
  value: null,
  min: 1,
  max: 365,
  ...over,
});
const AVAILABLE = [
  entry({}),
  entry({ name: 'cartWeight', type: 'FLOAT', defaultValue: '2', required: false }),
  entry({ name: 'fallbackToPopular', type: 'BOOL', defaultValue: 'true', required: false }),
];
const WIDGETS: RecsWidget[] = [
  { widgetId: 'home', name: 'На главной', type: 'SLIDER', placements: [], strategyHash: HASH },
  { widgetId: 'cart', name: 'В корзине', type: 'SLIDER', placements: [], strategyHash: null },
];
const EDIT = ['ROLE_RECS_STRATEGIES_CONFIG', 'ROLE_RECS_WIDGETS_PREVIEW'];

/** The strategy calls at the network; `refuse` answers a path's writes with its failure. */
function fakeApi(refuse: Record<string, { status: number; message: string }> = {}) {
  const base = `/api/recs/1/strategies`;
  const handler: FakeHandler = ({ method, path }) => {
    const refused = refuse[`${method} ${path}`];
    if (refused) return { status: refused.status, body: refused };
    if (path === base && method === 'GET') return { status: 200, body: [strategy] };
    if (path === `${base}/${HASH}/availableConfigs`) return { status: 200, body: AVAILABLE };
    if (path === `${base}/${HASH}/configs` && method === 'GET')
      return {
        status: 200,
        body: AVAILABLE.map((e) => ({ ...e, value: e.name === 'windowDays' ? '7' : null })),
      };
    if (path === `${base}/${HASH}/configs` && method === 'POST')
      return { status: 200, body: strategy };
    if (path === `${base}/${HASH}` && method === 'DELETE')
      return { status: 200, body: { ok: true } };
    if (path === '/api/recs/1/widgets') return { status: 200, body: WIDGETS };
    if (path === '/api/models-builder/job/status') return { status: 200, body: null };
    if (path === '/api/refresh/regionalAvailability')
      return {
        status: 200,
        body: {
          id: 'j1',
          siteId: 1,
          kind: 'recs-build',
          state: 'queued',
          progress: 0,
          result: null,
          error: null,
          createdAt: '2026-11-01T00:00:00Z',
          finishedAt: null,
        },
      };
    if (path === '/api/recs/recs_file')
      return new Response('productId,recommendedId,score\np1,p2,0.5\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': `attachment; filename="recs-${HASH}-r1.csv"`,
        },
      });
    return undefined;
  };
  return fakeFetch(handler).calls;
}

const render = (roles = EDIT) =>
  renderPage(<StrategiesPage />, { roles, path: '/s', pattern: '/s' });

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x') }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the strategies screen', () => {
  it("edits a strategy's configs: the model's entries with the stored values, only changes sent", async () => {
    const calls = fakeApi();
    const toasts = recordToasts();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Настройки Хиты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Настройки стратегии «Хиты»' });
    const days = await within(dialog).findByLabelText(/Окно, дней/);
    expect(days).toHaveValue('7');
    expect(within(dialog).getByLabelText(/Вес добавления в корзину/)).toHaveValue('2');
    expect(within(dialog).getByRole('checkbox', { name: 'Добирать популярными' })).toBeChecked();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Добирать популярными' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const saved = calls.find((c) => c.method === 'POST' && c.path.endsWith('/configs'));
    expect(saved?.query.get('siteId')).toBe('1');
    expect(saved?.body).toEqual({ windowDays: '14', fallbackToPopular: 'false' });
    expect(toasts.last()?.kind).toBe('success');
  });

  it('keeps the configs dialog open with the error when the server refuses a value', async () => {
    fakeApi({
      [`POST /api/recs/1/strategies/${HASH}/configs`]: {
        status: 400,
        message: 'Config windowDays must be at most 365',
      },
    });
    const toasts = recordToasts();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Настройки Хиты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Настройки стратегии «Хиты»' });
    const days = await within(dialog).findByLabelText(/Окно, дней/);
    await user.clear(days);
    await user.type(days, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(toasts.last()?.message).toContain('Config windowDays must be at most 365');
    expect(dialog).toBeInTheDocument();
    // A required entry may not be emptied: refused before any call.
    await user.clear(days);
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });

  it('deletes a strategy after a confirmation naming the widgets that show it', async () => {
    const calls = fakeApi();
    const toasts = recordToasts();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Удалить Хиты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить стратегию «Хиты»?' });
    const widgets = await within(dialog).findByRole('list', { name: 'Виджеты этой стратегии' });
    expect(
      within(widgets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['На главной (home)']);
    expect(dialog).toHaveTextContent('Её показывает 1 виджет');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(`/strategies/${HASH}`))).toBe(
      true,
    );
    expect(toasts.last()?.kind).toBe('success');
  });

  it('keeps the delete confirmation open when the delete fails', async () => {
    fakeApi({
      [`DELETE /api/recs/1/strategies/${HASH}`]: { status: 500, message: 'database down' },
    });
    const toasts = recordToasts();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Удалить Хиты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить стратегию «Хиты»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(dialog).toBeInTheDocument();
  });

  it('downloads the recommendations file under the name the server gives; a refusal is an error toast', async () => {
    const calls = fakeApi();
    const toasts = recordToasts();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe(`recs-${HASH}-r1.csv`);
    });
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Скачать файл рекомендаций стратегии Хиты' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const file = calls.find((c) => c.path === '/api/recs/recs_file');
    expect(file?.query.get('hash')).toBe(HASH);
    expect(file?.query.get('siteId')).toBe('1');

    vi.unstubAllGlobals();
    fakeApi({ 'GET /api/recs/recs_file': { status: 404, message: 'Strategy not found' } });
    await user.click(
      screen.getByRole('button', { name: 'Скачать файл рекомендаций стратегии Хиты' }),
    );
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(toasts.last()?.message).toContain('Strategy not found');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('refreshes regional availability as a RECS job', async () => {
    const calls = fakeApi();
    const toasts = recordToasts();
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Обновить региональную доступность' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/refresh/regionalAvailability')).toBe(true),
    );
    await waitFor(() => expect(toasts.last()?.kind).toBe('success'));
  });

  it('shows who only previews strategies the download, not the edits', async () => {
    fakeApi();
    render(['ROLE_RECS_STRATEGIES_PREVIEW']);
    expect(
      await screen.findByRole('button', { name: 'Скачать файл рекомендаций стратегии Хиты' }),
    ).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Настройки Хиты' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить Хиты' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Обновить региональную доступность' })).toBeNull();
  });
});
