import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHART_TOKEN_INVALID, type CustomReportTab } from '#contract/entities/custom-report.ts';
import { connectNavigation } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import CustomReportingPage from '#src/features/reports/custom/custom-reporting-page.tsx';
import CustomTabPage from '#src/features/reports/custom/custom-tab-page.tsx';
import { chartTokensQueryOptions } from '#src/features/reports/api/custom-report-queries.ts';
import { defaultPeriod } from '#src/features/reports/lib/period.ts';
import { fakeReportApi, type FakeCall } from './fake-api.ts';
import { renderPage } from './render-page.tsx';

vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    constructor(
      options: { series: { label?: string }[] },
      _data: unknown[][],
      target: HTMLElement,
    ) {
      target.textContent = options.series
        .slice(1)
        .map((series) => series.label)
        .join(' | ');
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => vi.unstubAllGlobals());

const tab = (over: Partial<CustomReportTab>): CustomReportTab => ({
  id: 1,
  title: 'Продажи',
  pathName: 'prodazhi',
  chartsIds: ['sessions'],
  login: 'client',
  enabled: true,
  ...over,
});

/** An in-memory stand-in of the tab administration calls. */
function fakeAdmin() {
  let tabs: CustomReportTab[] = [
    tab({}),
    tab({ id: 2, title: 'Поиск', pathName: 'poisk', enabled: false }),
  ];
  const writes: { call: FakeCall; body: unknown }[] = [];
  const api = fakeReportApi({
    periods: {},
    other: (call, body) => {
      if (call.path === '/api/user/all')
        return [
          {
            login: 'client',
            name: 'Клиент',
            email: null,
            isClient: true,
            roles: [],
            tabs: [],
            siteIds: [1],
          },
        ];
      if (call.path === '/api/admin/custom-report/tabs' && call.method === 'GET')
        return tabs.filter((t) => t.login === call.query.get('login'));
      writes.push({ call, body });
      if (call.path === '/api/admin/custom-report/tabs' && call.method === 'POST') {
        const created = tab({ ...(body as object), id: 3, pathName: 'novaya' });
        tabs = [...tabs, created];
        return created;
      }
      const match = /^\/api\/admin\/custom-report\/tabs\/(\d+)$/.exec(call.path);
      if (match && call.method === 'PUT') {
        tabs = tabs.map((t) => (t.id === Number(match[1]) ? { ...t, ...(body as object) } : t));
        return tabs.find((t) => t.id === Number(match[1]));
      }
      if (match && call.method === 'DELETE') {
        tabs = tabs.filter((t) => t.id !== Number(match[1]));
        return { ok: true };
      }
      const enable = /^\/api\/admin\/custom-report\/tabs\/client\/(\d+)$/.exec(call.path);
      if (enable) {
        const enabled = call.query.get('enabled') === 'true';
        tabs = tabs.map((t) => (t.id === Number(enable[1]) ? { ...t, enabled } : t));
        return tabs.find((t) => t.id === Number(enable[1]));
      }
      return undefined;
    },
  });
  return { api, writes };
}

describe('custom report administration', () => {
  it("lists a user's tabs, creates, edits, enables and deletes (with confirmation)", async () => {
    const { writes } = fakeAdmin();
    const { user } = renderPage(<CustomReportingPage />, { roles: ['ROLE_SUPERUSER'] });
    await user.click(await screen.findByRole('combobox', { name: 'Пользователь' }));
    await user.click(await screen.findByRole('option', { name: 'client (Клиент)' }));
    const table = await screen.findByRole('table', { name: 'Вкладки пользователя client' });
    await within(table).findByRole('rowheader', { name: 'Продажи' });
    expect(
      within(table).getByRole('checkbox', { name: 'Вкладка «Поиск» включена' }),
    ).not.toBeChecked();

    // Create: the title is required; charts come from the catalogue.
    await user.click(screen.getByRole('button', { name: 'Создать вкладку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая вкладка отчёта' });
    const save = within(dialog).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    // A blank title is refused on its field, in Russian, and nothing is sent.
    await user.type(within(dialog).getByLabelText(/Название/), ' ');
    expect(await within(dialog).findByText('Обязательное поле')).toBeVisible();
    expect(save).toBeDisabled();
    expect(writes).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Название/));
    await user.type(within(dialog).getByLabelText(/Название/), 'Новая');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Выручка' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Конверсия' }));
    await user.click(save);
    await within(table).findByRole('rowheader', { name: 'Новая' });
    expect(writes.at(-1)?.body).toEqual({
      title: 'Новая',
      chartsIds: ['revenue', 'conversion'],
      login: 'client',
    });

    // Edit the title.
    await user.click(within(table).getByRole('button', { name: 'Изменить Продажи' }));
    const edit = await screen.findByRole('dialog', { name: 'Изменение вкладки отчёта' });
    const title = within(edit).getByLabelText(/Название/);
    await user.clear(title);
    await user.type(title, 'Продажи 2');
    await user.click(within(edit).getByRole('button', { name: 'Сохранить' }));
    await within(table).findByRole('rowheader', { name: 'Продажи 2' });
    expect(writes.at(-1)?.call).toMatchObject({
      method: 'PUT',
      path: '/api/admin/custom-report/tabs/1',
    });

    // Enable the disabled one.
    await user.click(within(table).getByRole('checkbox', { name: 'Вкладка «Поиск» включена' }));
    await waitFor(() =>
      expect(
        within(table).getByRole('checkbox', { name: 'Вкладка «Поиск» включена' }),
      ).toBeChecked(),
    );
    expect(writes.at(-1)?.call.query.get('enabled')).toBe('true');

    // Delete asks first; cancelling deletes nothing.
    await user.click(within(table).getByRole('button', { name: 'Удалить Поиск' }));
    let confirm = await screen.findByRole('dialog', { name: 'Удалить вкладку?' });
    expect(confirm).toHaveTextContent('«Поиск»');
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(writes.some((w) => w.call.method === 'DELETE')).toBe(false);
    await user.click(within(table).getByRole('button', { name: 'Удалить Поиск' }));
    confirm = await screen.findByRole('dialog', { name: 'Удалить вкладку?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: 'Поиск' })).toBeNull(),
    );
    expect(writes.at(-1)?.call).toMatchObject({
      method: 'DELETE',
      path: '/api/admin/custom-report/tabs/2',
    });
  });
});

describe('a custom report tab', () => {
  it('reads each chart with its token and draws it', async () => {
    const period = defaultPeriod();
    const api = fakeReportApi({
      periods: {},
      other: (call) => {
        if (call.path === '/api/custom-report')
          return [
            tab({ chartsIds: ['sessions', 'platforms'] }),
            tab({ id: 2, pathName: 'off', enabled: false }),
          ];
        if (call.path === '/api/custom-report/chart-jwt')
          return call.query.getAll('chartId').map((chartId) => ({
            chartId,
            token: `token-${chartId}`,
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
          }));
        if (call.path === '/api/custom-report/chart') {
          const chartId = call.query.get('token')!.replace('token-', '');
          return {
            chartId,
            series: [
              {
                metricName: chartId === 'platforms' ? 'MOBILE_SESSIONS_TOTAL' : 'SESSIONS_TOTAL',
                points: [{ day: period.to, value: 3 }],
              },
            ],
          };
        }
        return undefined;
      },
    });
    renderPage(<CustomTabPage />, {
      roles: ['ROLE_CUSTOM_REPORT_VIEW'],
      path: '/reporting/prodazhi',
      pattern: '/reporting/:name',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Продажи' })).toBeInTheDocument();
    const platforms = await screen.findByRole('figure', { name: 'Сессии по платформам' });
    await within(platforms).findByText('Все сессии (Мобильные)');
    const jwt = api.calls.find((call) => call.path === '/api/custom-report/chart-jwt')!;
    expect(jwt.query.get('siteId')).toBe('1');
    expect(jwt.query.getAll('chartId')).toEqual(['sessions', 'platforms']);
    const charts = api.calls.filter((call) => call.path === '/api/custom-report/chart');
    expect(charts.map((call) => call.query.get('token')).sort()).toEqual([
      'token-platforms',
      'token-sessions',
    ]);
    expect(charts[0]!.query.get('from')).toBe(period.from);
  });

  it('renews tokens 30 s before expiry and survives a stale token without signing out', async () => {
    const navigations: string[] = [];
    connectNavigation({ navigate: (path) => navigations.push(path), homePath: () => '/home' });
    let issued = 0;
    const api = fakeReportApi({
      periods: {},
      other: (call) => {
        if (call.path === '/api/custom-report') return [tab({ chartsIds: ['sessions'] })];
        if (call.path === '/api/custom-report/chart-jwt') {
          issued += 1;
          // The first token expires in 31 s: renewal is due in about 1 s.
          return [
            {
              chartId: 'sessions',
              token: `token-${issued}`,
              expiresAt: new Date(Date.now() + (issued === 1 ? 31_000 : 600_000)).toISOString(),
            },
          ];
        }
        if (call.path === '/api/custom-report/chart') {
          if (call.query.get('token') !== 'token-3')
            return new Response(
              JSON.stringify({
                status: 403,
                message: 'Invalid or expired chart token',
                code: CHART_TOKEN_INVALID,
              }),
              { status: 403, headers: { 'content-type': 'application/json' } },
            );
          return {
            chartId: 'sessions',
            series: [
              { metricName: 'SESSIONS_TOTAL', points: [{ day: defaultPeriod().to, value: 3 }] },
            ],
          };
        }
        return undefined;
      },
    });
    renderPage(<CustomTabPage />, {
      roles: ['ROLE_CUSTOM_REPORT_VIEW'],
      path: '/reporting/prodazhi',
      pattern: '/reporting/:name',
    });
    const chart = await screen.findByRole('figure', { name: 'Сессии' });
    // token-1 renewed on time (token-2), token-2 refused as stale: renewed again (token-3), drawn.
    await within(chart).findByText('Все сессии', {}, { timeout: 4_000 });
    const tokens = api.calls
      .filter((call) => call.path === '/api/custom-report/chart')
      .map((call) => call.query.get('token'));
    expect(tokens).toEqual(expect.arrayContaining(['token-1', 'token-2', 'token-3']));
    expect(navigations).toEqual([]);
    expect(useAuthStore.getState().me).not.toBeNull();
  });

  it('schedules token renewal 30 s before the first token expires', () => {
    const options = chartTokensQueryOptions(1, ['sessions', 'orders']);
    const query = (...expiresIn: number[]) =>
      ({
        state: {
          data: expiresIn.map((ms, i) => ({
            chartId: i ? 'orders' : 'sessions',
            token: `t${i}`,
            expiresAt: new Date(Date.now() + ms).toISOString(),
          })),
        },
      }) as never;
    const interval = options.refetchInterval as (query: never) => number | false;
    expect(interval(query(300_000, 200_000))).toBeGreaterThan(169_000);
    expect(interval(query(300_000, 200_000))).toBeLessThanOrEqual(170_000);
    expect(interval(query(10_000))).toBe(1_000);
    expect(interval(query())).toBe(false);
  });

  it('shows a chart-data failure in the chart, with no sign-out and no redirect', async () => {
    const navigations: string[] = [];
    connectNavigation({ navigate: (path) => navigations.push(path), homePath: () => '/home' });
    fakeReportApi({
      periods: {},
      other: (call) => {
        if (call.path === '/api/custom-report') return [tab({ chartsIds: ['sessions'] })];
        if (call.path === '/api/custom-report/chart-jwt')
          return [
            {
              chartId: 'sessions',
              token: 'token',
              expiresAt: new Date(Date.now() + 600_000).toISOString(),
            },
          ];
        if (call.path === '/api/custom-report/chart')
          return new Response(JSON.stringify({ status: 401, message: 'Unauthorized' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          });
        return undefined;
      },
    });
    renderPage(<CustomTabPage />, {
      roles: ['ROLE_CUSTOM_REPORT_VIEW'],
      path: '/reporting/prodazhi',
      pattern: '/reporting/:name',
    });
    const chart = await screen.findByRole('figure', { name: 'Сессии' });
    expect(await within(chart).findByRole('alert')).toHaveTextContent(
      'Не удалось получить данные графика',
    );
    expect(navigations).toEqual([]);
    expect(useAuthStore.getState().me).not.toBeNull();
  });

  it('says so for a disabled or unknown tab', async () => {
    fakeReportApi({
      periods: {},
      other: (call) =>
        call.path === '/api/custom-report' ? [tab({ pathName: 'off', enabled: false })] : undefined,
    });
    renderPage(<CustomTabPage />, {
      roles: ['ROLE_CUSTOM_REPORT_VIEW'],
      path: '/reporting/off',
      pattern: '/reporting/:name',
    });
    expect(await screen.findByText('Такой вкладки нет или она отключена.')).toBeInTheDocument();
  });
});
