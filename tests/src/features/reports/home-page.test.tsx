import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '#src/features/reports/home/home-page.tsx';
import { HOME_METRICS } from '#src/features/reports/lib/metrics.ts';
import { defaultPeriod, toPeriod } from '#src/features/reports/lib/period.ts';
import { presetRange } from '#src/ui/date-range-picker/date-range.ts';
import { useToastStore } from '#src/ui/toast/toast-store.ts';
import { recordToasts } from '#tests/helpers/toasts.ts';
import { fakeReportApi, type PeriodData } from './fake-api.ts';
import { renderPage } from './render-page.tsx';

const MANAGER = ['ROLE_REPORT_AGG_VIEW'];
const main = defaultPeriod();
const month = toPeriod(presetRange('last30Days'));

const CURRENT: PeriodData = {
  SESSIONS_TOTAL: 12345,
  ORDERS_TOTAL: 250,
  REVENUE_TOTAL: 1234567.5,
  CONVERSION: 2.025,
  RPS: 100,
  AOV: 4938.27,
  AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL: 5000,
  WITHOUT_SEARCH_SESSIONS_TOTAL: 7345,
  SEARCH_EVENTS_TOTAL: 200,
  ZERO_QUERIES_COUNT: 25,
  TOP_SEARCH_QUERIES: [
    { name: 'платье', count: 120 },
    { name: 'джинсы', count: 50 },
    { name: 'куртка', count: 30 },
  ],
  TOP_ZERO_QUERIES: [
    { name: 'ящик', count: 15 },
    { name: 'абракадабра', count: 10 },
  ],
};
const PREVIOUS: PeriodData = {
  SESSIONS_TOTAL: 10000,
  ORDERS_TOTAL: 300,
  REVENUE_TOTAL: 1234567.5,
  SEARCH_EVENTS_TOTAL: 160,
  ZERO_QUERIES_COUNT: 40,
  TOP_SEARCH_QUERIES: [{ name: 'платье', count: 100 }],
  TOP_ZERO_QUERIES: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const view = (name: string) => screen.getByRole('region', { name });
const stat = (viewName: string, metric: string) =>
  within(view(viewName)).getByText(metric).closest('.reports-stat') as HTMLElement;
const listItems = (name: string) =>
  within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('home screen', () => {
  it('loads the period in batches of 5 names in parallel and shows ru numbers', async () => {
    const api = fakeReportApi({ periods: { [main.from]: CURRENT } });
    renderPage(<HomePage />, { roles: MANAGER });
    await waitFor(() =>
      expect(within(stat('Все сессии', 'Сессии')).getByText('12 345')).toBeInTheDocument(),
    );
    const agg = api.calls.filter((call) => call.path === '/api/report/agg/1/global');
    expect(agg).toHaveLength(Math.ceil(HOME_METRICS.length / 5));
    for (const call of agg) {
      expect(call.query.get('name')!.split(',').length).toBeLessThanOrEqual(5);
      expect(call.query.get('from')).toBe(main.from);
      expect(call.query.get('to')).toBe(main.to);
      expect(call.query.get('platform')).toBe('ALL');
    }
    expect(new Set(agg.flatMap((call) => call.query.get('name')!.split(',')))).toEqual(
      new Set(HOME_METRICS),
    );
    expect(within(stat('Все сессии', 'Выручка')).getByText('1 234 567,5 ₽')).toBeInTheDocument();
    expect(within(stat('Все сессии', 'Конверсия')).getByText('2,03 %')).toBeInTheDocument();
    // No daily role: numbers only, no daily calls and no trend charts.
    expect(api.calls.some((call) => call.path.includes('/report/daily/'))).toBe(false);
    expect(screen.queryByRole('img', { name: /Динамика/ })).toBeNull();
  });

  it('reloads for another platform', async () => {
    const api = fakeReportApi({ periods: { [main.from]: CURRENT } });
    const { user } = renderPage(<HomePage />, { roles: MANAGER });
    await screen.findByText('12 345');
    await user.click(screen.getByRole('radio', { name: 'Мобильные' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.query.get('platform') === 'MOBILE')).toHaveLength(5),
    );
  });

  it('titles the zero list with the zero share of all queries, 2 decimals', async () => {
    fakeReportApi({ periods: { [main.from]: CURRENT } });
    renderPage(<HomePage />, { roles: MANAGER });
    await screen.findByText('12 345');
    expect(
      await screen.findByRole('heading', { name: 'Топ запросов без результатов (12,50 %)' }),
    ).toBeInTheDocument();
    const zero = screen.getByRole('region', { name: /Топ запросов без результатов/ });
    expect(within(zero).getByText('25')).toBeInTheDocument();
  });

  it('sorts the query lists by count, by name, and back', async () => {
    fakeReportApi({ periods: { [main.from]: CURRENT } });
    const { user } = renderPage(<HomePage />, { roles: MANAGER });
    await screen.findByText('платье');
    const names = () => listItems('Топ поисковых запросов').map((li) => li.firstChild?.textContent);
    expect(names()).toEqual(['платье', 'джинсы', 'куртка']);
    const top = screen.getByRole('region', { name: 'Топ поисковых запросов' });
    await user.click(within(top).getByRole('button', { name: /По названию/ }));
    expect(within(top).getByRole('button', { name: /По названию/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(names()).toEqual(['джинсы', 'куртка', 'платье']);
    await user.click(within(top).getByRole('button', { name: /По названию/ }));
    expect(names()).toEqual(['платье', 'куртка', 'джинсы']);
    await user.click(within(top).getByRole('button', { name: /По количеству/ }));
    expect(names()).toEqual(['платье', 'джинсы', 'куртка']);
    await user.click(within(top).getByRole('button', { name: /По количеству/ }));
    expect(names()).toEqual(['куртка', 'джинсы', 'платье']);
  });

  it('in compare mode loads the second period and shows the change with arrows', async () => {
    const api = fakeReportApi({ periods: { [main.from]: CURRENT, [month.from]: PREVIOUS } });
    const { user } = renderPage(<HomePage />, { roles: MANAGER });
    await screen.findByText('12 345');
    expect(screen.queryByText(/\+23,45 %/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Период сравнения/ }));
    await user.click(screen.getByRole('button', { name: 'Последние 30 дней' }));
    const sessions = stat('Все сессии', 'Сессии');
    await waitFor(() => expect(within(sessions).getByText(/\+23,45 %/)).toBeInTheDocument());
    expect(sessions.querySelector('[data-direction]')).toHaveAttribute('data-direction', 'up');
    expect(within(sessions).getByText('рост')).toBeInTheDocument();
    const orders = stat('Все сессии', 'Заказы');
    expect(within(orders).getByText(/−16,67 %/)).toBeInTheDocument();
    expect(orders.querySelector('[data-direction]')).toHaveAttribute('data-direction', 'down');
    const revenue = stat('Все сессии', 'Выручка');
    expect(within(revenue).getByText('0,00 %')).toBeInTheDocument();
    // List totals: 200 vs 160 searches (+25 %), 25 vs 40 zero-hit (−37.5 %).
    const top = screen.getByRole('region', { name: 'Топ поисковых запросов' });
    expect(within(top).getByText(/\+25,00 %/)).toBeInTheDocument();
    const zero = screen.getByRole('region', { name: /Топ запросов без результатов/ });
    expect(within(zero).getByText(/−37,50 %/)).toBeInTheDocument();
    const compared = api.calls.filter((call) => call.query.get('from') === month.from);
    expect(compared).toHaveLength(5);

    // Clearing the compare period leaves compare mode and drops its figures.
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(within(stat('Все сессии', 'Сессии')).queryByText(/%/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Период сравнения/ })).toHaveTextContent(
      'Без сравнения',
    );
  });

  it('on a failed load clears the periods and shows empty statistics, no toast (spec §8)', async () => {
    fakeReportApi({
      periods: { [main.from]: CURRENT },
      fail: (call) => call.query.get('name')?.includes('TOP_ZERO_QUERIES') ?? false,
    });
    const toasts = recordToasts();
    renderPage(<HomePage />, { roles: MANAGER });
    expect(await screen.findByRole('status')).toHaveTextContent('Не удалось загрузить статистику');
    expect(within(stat('Все сессии', 'Сессии')).getByText('—')).toBeInTheDocument();
    expect(screen.queryByText('12 345')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Топ поисковых запросов' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Период (?!сравнения)/ })).toHaveTextContent(
      'Выберите период',
    );
    // A listing call swallows its failure (spec §8): no error toast.
    expect(toasts.all()).toEqual([]);
  });

  it('draws a trend per statistic for users with the daily-report role', async () => {
    const api = fakeReportApi({
      periods: { [main.from]: CURRENT },
      daily: { SESSIONS_TOTAL: { [main.from]: 10, [main.to]: 30 } },
    });
    renderPage(<HomePage />, { roles: ['ROLE_REPORT_AGG_VIEW', 'ROLE_REPORT_DAILY_VIEW'] });
    expect(await screen.findAllByRole('img', { name: 'Динамика по дням: Сессии' })).toHaveLength(3);
    expect(api.calls.filter((call) => call.path === '/api/report/daily/1/global')).toHaveLength(4);
  });
});
