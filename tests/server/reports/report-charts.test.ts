/**
 * The report catalogue (/admin/edit-reports): the charts custom report tabs are
 * built from live in the database (seeded with the former fixed list), custom report
 * administrators edit them, every write is audited, tabs and chart data read from it; on both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  chartDataRoute,
  chartJwtRoute,
  createCustomReportTabRoute,
  createReportChartRoute,
  deleteReportChartRoute,
  getCustomReportTabRoute,
  listReportChartsRoute,
  updateCustomReportTabRoute,
  updateReportChartRoute,
} from '#contract/routes/reports.ts';
import { CHARTS } from '#contract/entities/metric.ts';
import { auditLog, reportCharts } from '#server/platform/db/schema.ts';
import { createEventStore } from '#server/events/store.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

describe.each(DATABASES)('report catalogue on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const audits = (id: string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'report-chart'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);

  it('is seeded with the former fixed list, in order, and read by tab viewers', async () => {
    const client = await server.as('client');
    const charts = await client.call(listReportChartsRoute, {});
    expect(charts.map((chart) => chart.id)).toEqual(Object.keys(CHARTS));
    for (const chart of charts) {
      expect(chart.metrics).toEqual(CHARTS[chart.id as keyof typeof CHARTS].metrics);
      expect(chart).toMatchObject({ platform: null, chartType: 'line' });
    }
    expect(charts.find((chart) => chart.id === 'sessions')?.title).toBe('Сессии');
  });

  it('lets an administrator add, edit and delete charts, audited; a tab shows the new chart', async () => {
    const admin = await server.as('admin');
    const created = await admin.call(createReportChartRoute, {
      body: {
        id: 'mobile-orders',
        title: 'Заказы с телефонов',
        metrics: ['ORDERS_TOTAL', 'REVENUE_TOTAL'],
        platform: 'MOBILE',
        chartType: 'bar',
        position: 20,
      },
    });
    expect(created).toEqual({
      id: 'mobile-orders',
      title: 'Заказы с телефонов',
      metrics: ['ORDERS_TOTAL', 'REVENUE_TOTAL'],
      platform: 'MOBILE',
      chartType: 'bar',
      position: 20,
    });
    // the id is taken: 409, nothing changes
    const again = await failure(
      admin.call(createReportChartRoute, {
        body: { id: 'mobile-orders', title: 'x', metrics: ['AOV'] },
      }),
    );
    expect(again.status).toBe(409);

    const tab = await admin.call(createCustomReportTabRoute, {
      body: { login: 'client', title: 'Мобильные заказы', chartsIds: ['mobile-orders', 'rps'] },
    });
    expect(tab.chartsIds).toEqual(['mobile-orders', 'rps']);

    // Chart data follows the catalogue: the chart's own platform wins over the tab's switch.
    const store = createEventStore(server.database);
    const day = '2026-04-02';
    await store.ingest(1, 'Europe/Moscow', [
      {
        type: 'ORDER',
        sessionId: 'm',
        platform: 'MOBILE',
        at: `${day}T10:05:00+03:00`,
        revenue: 700,
        items: 1,
      },
      {
        type: 'ORDER',
        sessionId: 'd',
        platform: 'DESKTOP',
        at: `${day}T11:05:00+03:00`,
        revenue: 300,
        items: 1,
      },
    ]);
    const client = await server.as('client');
    const [token] = await client.call(chartJwtRoute, {
      query: { siteId: 1, chartId: ['mobile-orders'] },
    });
    const data = await server.client().call(chartDataRoute, {
      query: { token: token!.token, from: day, to: day, platform: 'ALL' },
    });
    expect(data.series.map((s) => [s.metricName, s.points[0]!.value])).toEqual([
      ['ORDERS_TOTAL', 1],
      ['REVENUE_TOTAL', 700],
    ]);

    const edited = await admin.call(updateReportChartRoute, {
      params: { id: 'mobile-orders' },
      body: { title: 'Заказы', metrics: ['ORDERS_TOTAL'], platform: null, chartType: 'area' },
    });
    expect(edited).toMatchObject({ platform: null, chartType: 'area', position: 0 });
    // the same token now reads the edited chart: every platform, one metric
    const after = await server.client().call(chartDataRoute, {
      query: { token: token!.token, from: day, to: day },
    });
    expect(after.series.map((s) => [s.metricName, s.points[0]!.value])).toEqual([
      ['ORDERS_TOTAL', 2],
    ]);

    const removed = await admin.call(deleteReportChartRoute, { params: { id: 'mobile-orders' } });
    expect(removed).toEqual({ ok: true, tabsChanged: 1 });
    expect(
      (await admin.call(getCustomReportTabRoute, { params: { id: tab.id } })).chartsIds,
    ).toEqual(['rps']);
    // a deleted chart: its token reads nothing, new tokens and tabs refuse it
    expect(
      (
        await failure(
          server.client().call(chartDataRoute, {
            query: { token: token!.token, from: day, to: day },
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          client.call(chartJwtRoute, { query: { siteId: 1, chartId: ['mobile-orders'] } }),
        )
      ).status,
    ).toBe(400);
    const stale = await failure(
      admin.call(updateCustomReportTabRoute, {
        params: { id: tab.id },
        body: { title: 'Мобильные заказы', chartsIds: ['mobile-orders'] },
      }),
    );
    expect(stale.status).toBe(400);
    expect(stale.message).toContain('mobile-orders');
    expect(
      (await failure(admin.call(deleteReportChartRoute, { params: { id: 'mobile-orders' } })))
        .status,
    ).toBe(404);

    const entries = await audits('mobile-orders');
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ['create', 'admin'],
      ['update', 'admin'],
      ['delete', 'admin'],
    ]);
    expect(entries[1]!.before).toMatchObject({ platform: 'MOBILE', chartType: 'bar' });
    expect(entries[2]!.before).toMatchObject({ tabs: [tab.id] });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const admin = await server.as('admin');
    const before = await server.database.db.select().from(reportCharts);
    for (const body of [
      { id: 'Bad Id', title: 'x', metrics: ['AOV'] },
      { id: 'x', title: '  ', metrics: ['AOV'] },
      { id: 'x', title: 'x', metrics: [] },
      { id: 'x', title: 'x', metrics: ['AOV', 'AOV'] },
      { id: 'x', title: 'x', metrics: ['NO_SUCH_METRIC'] },
      { id: 'x', title: 'x', metrics: ['TOP_SEARCH_QUERIES'] },
      {
        id: 'x',
        title: 'x',
        metrics: ['AOV', 'RPS', 'CONVERSION', 'ORDERS_TOTAL', 'REVENUE_TOTAL', 'VIEWS_TOTAL'],
      },
      { id: 'x', title: 'x', metrics: ['AOV'], platform: 'APP' },
      { id: 'x', title: 'x', metrics: ['AOV'], chartType: 'pie' },
      { id: 'x', title: 'x', metrics: ['AOV'], extra: true },
    ]) {
      const error = await failure(admin.call(createReportChartRoute, { body: body as never }));
      expect(error.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await failure(
      admin.call(updateReportChartRoute, {
        params: { id: 'no-such-chart' },
        body: { title: 'x', metrics: ['AOV'] },
      }),
    );
    expect(missing.status).toBe(404);
    expect(await server.database.db.select().from(reportCharts)).toEqual(before);
  });

  it('is edited by custom report administrators only, read by tab viewers', async () => {
    for (const login of ['client', 'manager', 'designer']) {
      const user = await server.as(login);
      const error = await failure(
        user.call(createReportChartRoute, { body: { id: 'nope', title: 'x', metrics: ['AOV'] } }),
      );
      expect(error.status, login).toBe(403);
      expect(
        (await failure(user.call(deleteReportChartRoute, { params: { id: 'sessions' } }))).status,
      ).toBe(403);
    }
    expect((await failure(server.client().call(listReportChartsRoute, {}))).status).toBe(401);
    expect(await audits('nope')).toEqual([]);
  });
});
