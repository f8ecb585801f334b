import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARTS } from '#contract/entities/metric.ts';
import ReportingPage from '#src/features/reports/reporting/reporting-page.tsx';
import { REPORTING_METRICS } from '#src/features/reports/lib/metric-groups.ts';
import { defaultPeriod, previousPeriod, todayPeriod } from '#src/features/reports/lib/period.ts';
import { fakeReportApi, type PeriodData } from './fake-api.ts';
import { renderPage } from './render-page.tsx';

// uPlot draws on a canvas jsdom does not have: a stand-in records what it was asked to plot.
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    constructor(options: { series: unknown[] }, data: unknown[][], target: HTMLElement) {
      target.dataset.series = String(options.series.length - 1);
      target.dataset.points = String(data[0]?.length ?? 0);
    }
    setSize() {}
    destroy() {}
  },
}));

const main = defaultPeriod();
const before = previousPeriod(main);

const CURRENT: PeriodData = {
  SESSIONS_TOTAL: 1000,
  MOBILE_SESSIONS_TOTAL: 600,
  DESKTOP_SESSIONS_TOTAL: 400,
  WITHOUT_SEARCH_SESSIONS_TOTAL: 700,
  AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL: 300,
  REVENUE_TOTAL: 1234567.891,
  AUTOCOMPLETE_CLICKS_BRANDS: 42,
  TOP_SEARCH_QUERIES: [
    { name: 'платье', count: 9 },
    { name: 'шарф, "зимний"', count: 3 },
  ],
  MOBILE_TOP_SEARCH_QUERIES: [{ name: 'платье', count: 5 }],
};
const PREVIOUS: PeriodData = { SESSIONS_TOTAL: 800, REVENUE_TOTAL: 1234567.891 };

const SITE = {
  siteId: 1,
  apiKey: 'k',
  siteName: 'Демо',
  siteUrl: 'https://shop.example',
  enabled: true,
  verticals: [],
  segment: '',
  timeZone: 'Pacific/Kiritimati',
  feedUrl: null,
  version: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe('reporting screen', () => {
  it('compares the period with the one before in the Total table, rows in spec order', async () => {
    const api = fakeReportApi({ periods: { [main.from]: CURRENT, [before.from]: PREVIOUS } });
    renderPage(<ReportingPage />, { roles: ['ROLE_REPORT_AGG_VIEW'] });
    const total = await screen.findByRole('table', { name: 'Итого' });
    await waitFor(() => expect(within(total).getByText('1 000')).toBeInTheDocument());
    const rows = within(total).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Все сессии',
      'Сессии без поиска',
      'Сессии с поиском',
    ]);
    expect(within(rows[0]!).getByText('было: 800')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/\+25,00 %/)).toBeInTheDocument();

    const agg = api.calls.filter((call) => call.path === '/api/report/agg/1/global');
    expect(agg).toHaveLength(2 * Math.ceil(REPORTING_METRICS.length / 5));
    expect(new Set(agg.map((call) => call.query.get('from')))).toEqual(
      new Set([main.from, before.from]),
    );
    // No daily role: no daily calls, no charts.
    expect(api.calls.some((call) => call.path.includes('/daily/'))).toBe(false);
    expect(screen.queryByRole('heading', { name: 'По дням' })).toBeNull();

    const metrics = screen.getByRole('table', { name: 'Все показатели' });
    const sessions = within(metrics).getByRole('row', { name: /^Все сессии/ });
    expect(
      within(sessions)
        .getAllByRole('cell')
        .map((cell) => cell.firstChild?.firstChild?.textContent),
    ).toEqual(['1 000', '600', '400']);
    const top = screen.getByRole('table', { name: 'Топ поисковых запросов' });
    expect(within(top).getByRole('row', { name: /платье/ })).toHaveTextContent('платье95—');
  });

  it('exports what it shows as CSV: BOM, plain numbers, Cyrillic headers', async () => {
    fakeReportApi({ periods: { [main.from]: CURRENT, [before.from]: PREVIOUS } });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:report';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderPage(<ReportingPage />, { roles: ['ROLE_REPORT_AGG_VIEW'] });
    const button = await screen.findByRole('button', { name: 'Экспорт в CSV' });
    await waitFor(() => expect(button).toBeEnabled());
    await waitFor(() => expect(screen.getAllByText('1 000').length).toBeGreaterThan(0));
    await user.click(button);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalled();
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    // Russian Excel reads `;` as the separator and the comma as the decimal mark.
    expect(lines[0]).toMatch(/^Раздел;Показатель;Все \d\d\.\d\d\.\d{4} - /);
    expect(lines).toContain('Итого;Все сессии: Сессии;1000;600;400;800;;;25');
    expect(lines).toContain('Итого;Все сессии: Выручка;1234567,89;;;1234567,89;;;0');
    expect(lines).toContain('Клики в автокомплите по блокам;Клики: бренды;42;;;;;;');
    expect(lines).toContain('Топ поисковых запросов;"шарф, ""зимний""";3;;;;;;');
    click.mockRestore();
  });

  it('draws the daily charts for the daily role without asking for aggregates', async () => {
    const api = fakeReportApi({
      periods: {},
      daily: { SESSIONS_TOTAL: { [main.from]: 5, [main.to]: 7 } },
    });
    renderPage(<ReportingPage />, { roles: ['ROLE_REPORT_DAILY_VIEW'] });
    expect(await screen.findByRole('heading', { name: 'По дням' })).toBeInTheDocument();
    const sessions = await screen.findByRole('figure', { name: 'Сессии' });
    await waitFor(() =>
      expect(sessions.querySelector('[data-series]')).toHaveAttribute(
        'data-series',
        String(CHARTS.sessions.metrics.length),
      ),
    );
    expect(sessions.querySelector('[data-points]')).toHaveAttribute('data-points', '7');
    expect(api.calls.some((call) => call.path.includes('/agg/'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Экспорт в CSV' })).toBeNull();
  });

  it('shows the CTRs of the period, and of today so far at the press of «Сегодня» (issue 15)', async () => {
    // The site's day: Kiritimati (UTC+14) is a day ahead of the browser (UTC) for most of the day.
    const today = todayPeriod(new Date(), 'Pacific/Kiritimati');
    const report = (searches: number, clicks: number, views: number, blockClicks: number) => ({
      blocks: [
        {
          block: '5',
          blockName: 'Популярные товары',
          strategy: 'popular',
          strategyName: null,
          widgetType: 'RECOMMENDATIONS',
          views,
          clicks: blockClicks,
          ctr: blockClicks / views,
        },
      ],
      search: { searches, clicks, ctr: clicks / searches },
      recsClicks: blockClicks,
    });
    const api = fakeReportApi({
      periods: { [main.from]: CURRENT, [before.from]: PREVIOUS },
      other: (call) => {
        if (call.path === '/api/site/1') return SITE;
        if (call.path !== '/api/report/widgets/1') return undefined;
        const from = call.query.get('from');
        if (from !== call.query.get('to') && from === main.from)
          return report(1000, 380, 2000, 110);
        if (from === today.from && call.query.get('to') === today.to) return report(8, 2, 10, 1);
        return undefined;
      },
    });
    const { user } = renderPage(<ReportingPage />, { roles: ['ROLE_REPORT_AGG_VIEW'] });
    const table = await screen.findByRole('table', {
      name: 'CTR рекомендательных блоков и поиска',
    });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    await waitFor(() => expect(row(/^Поисковая выдача/)).toHaveTextContent('1 00038038,00 %'));
    expect(row(/^Популярные товары/)).toHaveTextContent('2 0001105,50 %');
    const span = screen.getByRole('group', { name: 'Период CTR' });
    const period = within(span).getByRole('button', { name: /^За период \d\d\.\d\d\.\d{4} - / });
    expect(period).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/день не закончился/)).toBeNull();

    await user.click(within(span).getByRole('button', { name: 'Сегодня' }));
    await waitFor(() => expect(row(/^Поисковая выдача/)).toHaveTextContent('8225,00 %'));
    expect(row(/^Популярные товары/)).toHaveTextContent('10110,00 %');
    expect(within(span).getByRole('button', { name: 'Сегодня' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(period).toHaveAttribute('aria-pressed', 'false');
    const [y, m, d] = today.from.split('-');
    expect(
      screen.getByText(`${d}.${m}.${y} по времени сайта (Pacific/Kiritimati), с 00:00`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    const widgetCalls = api.calls.filter((call) => call.path === '/api/report/widgets/1');
    expect(widgetCalls.map((call) => [call.query.get('from'), call.query.get('to')])).toEqual([
      [main.from, main.to],
      [today.from, today.to],
    ]);
    // Today is after the picker's last day (yesterday).
    expect(today.from > main.to).toBe(true);

    // Back to the period: its answer again, from the cache.
    await user.click(period);
    await waitFor(() => expect(row(/^Поисковая выдача/)).toHaveTextContent('1 000380'));
  });

  it("says so when today's CTRs cannot be loaded, and keeps the period's", async () => {
    fakeReportApi({
      periods: { [main.from]: CURRENT, [before.from]: PREVIOUS },
      // The site cannot be read either: today is the browser's then.
      fail: (call) =>
        call.path === '/api/site/1' ||
        (call.path === '/api/report/widgets/1' && call.query.get('from') === todayPeriod().from),
      other: (call) =>
        call.path === '/api/report/widgets/1'
          ? { blocks: [], search: { searches: 0, clicks: 0, ctr: null }, recsClicks: 0 }
          : undefined,
    });
    const { user } = renderPage(<ReportingPage />, { roles: ['ROLE_REPORT_AGG_VIEW'] });
    const table = await screen.findByRole('table', {
      name: 'CTR рекомендательных блоков и поиска',
    });
    expect(
      await within(table).findByText('Показов рекомендательных блоков за период нет'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить CTR')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сегодня' }));
    expect(await screen.findByText('Не удалось загрузить CTR')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^За период/ }));
    await waitFor(() => expect(screen.queryByText('Не удалось загрузить CTR')).toBeNull());
  });

  it("counts today in the site's time zone, else the browser's", () => {
    const evening = new Date('2026-03-01T20:00:00Z');
    expect(todayPeriod(evening, 'Pacific/Kiritimati')).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
    });
    expect(todayPeriod(evening, 'America/Los_Angeles').from).toBe('2026-03-01');
    expect(todayPeriod(evening, 'Not/AZone')).toEqual(todayPeriod(evening));
  });
});
