import { vi } from 'vitest';
import { periodKey, type QueryCount } from '#contract/entities/metric.ts';

const seeded: [string, string, string[]][] = [
  ['sessions', 'Сессии', ['SESSIONS_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL']],
  ['orders', 'Заказы', ['ORDERS_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL']],
  ['revenue', 'Выручка', ['REVENUE_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE']],
  ['conversion', 'Конверсия', ['CONVERSION', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION']],
  ['rps', 'Выручка на сессию (RPS)', ['RPS', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS']],
  ['aov', 'Средний чек (AOV)', ['AOV', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV']],
  [
    'searches',
    'Поиск: запросы, без результатов, исправления',
    ['SEARCH_EVENTS_TOTAL', 'ZERO_QUERIES_COUNT', 'CORRECTIONS_COUNT'],
  ],
  ['platforms', 'Сессии по платформам', ['MOBILE_SESSIONS_TOTAL', 'DESKTOP_SESSIONS_TOTAL']],
  [
    'autocomplete',
    'Клики в автокомплите',
    [
      'AUTOCOMPLETE_CLICKS_QUERIES',
      'AUTOCOMPLETE_CLICKS_PRODUCTS',
      'AUTOCOMPLETE_CLICKS_CATEGORIES',
      'AUTOCOMPLETE_CLICKS_BRANDS',
    ],
  ],
];
export const REPORT_CATALOGUE = seeded.map(([id, title, metrics], index) => ({
  id,
  title,
  metrics,
  platform: null,
  chartType: 'line',
  position: index + 1,
}));

export type PeriodData = Record<string, number | QueryCount[]>;

export interface FakeCall {
  path: string;
  query: URLSearchParams;
  method: string;
}

/**
 * A fake of the report calls at the network (STYLE.md 31): AGG answers from `periods` keyed by
 * `from`, DAILY answers one value per day; `fail(call)` makes a call answer 500; `other` answers
 * the rest (200 with its value, or the Response it returns).
 */
export function fakeReportApi(options: {
  periods: Record<string, PeriodData>;
  daily?: Record<string, Record<string, number>>;
  fail?: (call: FakeCall) => boolean;
  other?: (call: FakeCall, body: unknown) => unknown;
}) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { path: url.pathname, query: url.searchParams, method: init?.method ?? 'GET' };
    calls.push(call);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (options.fail?.(call)) return json(500, { status: 500, message: 'Internal server error' });
    const names = (url.searchParams.get('name') ?? '').split(',').filter(Boolean);
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    if (/^\/api\/report\/agg\/\d+\/global$/.test(url.pathname)) {
      const data = options.periods[from] ?? {};
      return json(
        200,
        names
          .filter((name) => data[name] !== undefined)
          .map((name) => ({
            metricName: name,
            type: 'AGG',
            value: { [periodKey(from, to)]: data[name] },
          })),
      );
    }
    if (/^\/api\/report\/daily\/\d+\/global$/.test(url.pathname)) {
      return json(
        200,
        names.map((name) => ({
          metricName: name,
          type: 'DAILY',
          value: options.daily?.[name] ?? {},
        })),
      );
    }
    // The report catalogue as migration 0024 seeds it.
    if (url.pathname === '/api/custom-report/charts' && call.method === 'GET')
      return json(200, REPORT_CATALOGUE);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = options.other?.(call, body);
    if (answer === undefined) return json(404, { status: 404, message: 'Not found' });
    if (answer instanceof Response) return answer;
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}
