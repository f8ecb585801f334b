import { periodKey, type QueryCount } from '#contract/entities/metric.ts';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';

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

export type FakeCall = RecordedCall;

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
  return fakeFetch((call) => {
    const json = (status: number, body: unknown) => ({ status, body });
    if (options.fail?.(call)) return json(500, { status: 500, message: 'Internal server error' });
    const names = (call.query.get('name') ?? '').split(',').filter(Boolean);
    const from = call.query.get('from') ?? '';
    const to = call.query.get('to') ?? '';
    if (/^\/api\/report\/agg\/\d+\/global$/.test(call.path)) {
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
    if (/^\/api\/report\/daily\/\d+\/global$/.test(call.path)) {
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
    if (call.path === '/api/custom-report/charts' && call.method === 'GET')
      return json(200, REPORT_CATALOGUE);
    const answer = options.other?.(call, call.body);
    if (answer === undefined) return undefined;
    if (answer instanceof Response) return answer;
    return json(200, answer);
  });
}
