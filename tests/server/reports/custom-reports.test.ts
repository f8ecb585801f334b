import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import {
  chartDataRoute,
  chartJwtRoute,
  createCustomReportTabRoute,
  deleteCustomReportTabRoute,
  enableCustomReportTabRoute,
  getCustomReportTabRoute,
  listCustomReportTabsRoute,
  myCustomReportsRoute,
  updateCustomReportTabRoute,
} from '#contract/routes/reports.ts';
import { registerUserRoute } from '#contract/routes/users.ts';
import { CHART_TOKEN_INVALID } from '#contract/entities/custom-report.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import { createEventStore } from '#server/events/store.ts';
import { createChartTokens, slugify } from '#server/reports/custom-reports.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

describe('slugify', () => {
  it('transliterates Cyrillic and keeps only URL-safe characters', () => {
    expect(slugify('Продажи по дням')).toBe('prodazhi-po-dnyam');
    expect(slugify('  Щука & Ёж!! 2026 ')).toBe('shchuka-ezh-2026');
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
    expect(slugify('!!!')).toBe('tab');
  });
});

describe.each(DATABASES)('custom report tabs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const audits = (entityId: number) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'custom-report-tab'), eq(auditLog.entityId, String(entityId))))
      .orderBy(auditLog.id);

  it('lets an administrator manage tabs per user, with unique path names, audited', async () => {
    const admin = await server.as('admin');
    const first = await admin.call(createCustomReportTabRoute, {
      body: { login: 'client', title: 'Продажи по дням', chartsIds: ['sessions', 'revenue'] },
    });
    expect(first).toMatchObject({
      login: 'client',
      pathName: 'prodazhi-po-dnyam',
      enabled: true,
      chartsIds: ['sessions', 'revenue'],
    });
    const second = await admin.call(createCustomReportTabRoute, {
      body: { login: 'client', title: 'Продажи  по дням!', chartsIds: [], enabled: false },
    });
    expect(second.pathName).toBe('prodazhi-po-dnyam-2');
    // Another user may reuse the path name.
    const other = await admin.call(createCustomReportTabRoute, {
      body: { login: 'manager', title: 'Продажи по дням', chartsIds: ['orders'] },
    });
    expect(other.pathName).toBe('prodazhi-po-dnyam');

    const renamed = await admin.call(updateCustomReportTabRoute, {
      params: { id: second.id },
      body: { title: 'Поиск', chartsIds: ['searches'] },
    });
    expect(renamed).toMatchObject({ pathName: 'poisk', chartsIds: ['searches'], enabled: false });
    expect(await admin.call(getCustomReportTabRoute, { params: { id: second.id } })).toEqual(
      renamed,
    );

    const enabled = await admin.call(enableCustomReportTabRoute, {
      params: { login: 'client', tabId: second.id },
      query: { enabled: 'true' },
    });
    expect(enabled.enabled).toBe(true);
    // A tab id that belongs to someone else: 404, nothing changes.
    expect(
      (
        await failure(
          admin.call(enableCustomReportTabRoute, {
            params: { login: 'manager', tabId: second.id },
            query: { enabled: 'false' },
          }),
        )
      ).status,
    ).toBe(404);

    expect(
      (await admin.call(listCustomReportTabsRoute, { query: { login: 'client' } })).map(
        (t) => t.pathName,
      ),
    ).toEqual(['prodazhi-po-dnyam', 'poisk']);
    expect(await admin.call(listCustomReportTabsRoute, { query: {} })).toHaveLength(3);

    const client = await server.as('client');
    expect((await client.call(myCustomReportsRoute, {})).map((t) => t.id)).toEqual([
      first.id,
      second.id,
    ]);

    await admin.call(deleteCustomReportTabRoute, { params: { id: second.id } });
    expect(
      (await failure(admin.call(getCustomReportTabRoute, { params: { id: second.id } }))).status,
    ).toBe(404);
    expect((await audits(second.id)).map((entry) => entry.action)).toEqual([
      'create',
      'update',
      'enable',
      'delete',
    ]);
    const [created] = await audits(first.id);
    expect(created).toMatchObject({ actor: 'admin', before: null });
  });

  it('rejects bad input with 400 and an unknown login with 404, writing nothing', async () => {
    const admin = await server.as('admin');
    const before = (await admin.call(listCustomReportTabsRoute, { query: {} })).length;
    for (const body of [
      { login: 'client', title: '   ', chartsIds: [] },
      { login: 'client', title: 'x', chartsIds: ['no-such-chart'] },
    ]) {
      const error = await failure(admin.call(createCustomReportTabRoute, { body: body as never }));
      expect(error.status).toBe(400);
    }
    const unknown = await failure(
      admin.call(createCustomReportTabRoute, {
        body: { login: 'nobody', title: 'x', chartsIds: [] },
      }),
    );
    expect(unknown.status).toBe(404);
    expect(await admin.call(listCustomReportTabsRoute, { query: {} })).toHaveLength(before);
  });

  it('guards the calls by role: view for the own tabs, admin for administration', async () => {
    const client = await server.as('client');
    expect((await failure(client.call(listCustomReportTabsRoute, { query: {} }))).status).toBe(403);
    expect((await failure(server.client().call(myCustomReportsRoute, {}))).status).toBe(401);
    const admin = await server.as('admin');
    await admin.call(registerUserRoute, {
      body: {
        login: 'noreports',
        password: 'correct-horse-7',
        roles: ['ROLE_SITE_VIEW'],
        isClient: true,
      },
    });
    const plain = await server.as('noreports', 'correct-horse-7');
    expect((await failure(plain.call(myCustomReportsRoute, {}))).status).toBe(403);
  });

  it('serves chart data for a valid token and refuses forged, expired and foreign ones', async () => {
    const store = createEventStore(server.database);
    const day = '2026-03-10';
    await store.ingest(1, 'Europe/Moscow', [
      {
        type: 'SEARCH',
        sessionId: 'a',
        platform: 'MOBILE',
        at: `${day}T10:00:00+03:00`,
        query: 'платье',
        hits: 3,
        correctedQuery: null,
      },
      {
        type: 'ORDER',
        sessionId: 'a',
        platform: 'MOBILE',
        at: `${day}T10:05:00+03:00`,
        revenue: 1000,
        items: 1,
      },
      { type: 'SESSION_START', sessionId: 'b', platform: 'DESKTOP', at: `${day}T11:00:00+03:00` },
    ]);
    const client = await server.as('client');
    const tokens = await client.call(chartJwtRoute, {
      query: { siteId: 1, chartId: ['sessions', 'revenue'] },
    });
    expect(tokens.map((t) => t.chartId)).toEqual(['sessions', 'revenue']);
    const expiresIn = Date.parse(tokens[0]!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    // No session needed: the token alone authorises.
    const anonymous = server.client();
    const data = await anonymous.call(chartDataRoute, {
      query: { token: tokens[0]!.token, from: day, to: '2026-03-11' },
    });
    expect(data).toEqual({
      chartId: 'sessions',
      series: [
        {
          metricName: 'SESSIONS_TOTAL',
          points: [
            { day, value: 2 },
            { day: '2026-03-11', value: 0 },
          ],
        },
        {
          metricName: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL',
          points: [
            { day, value: 1 },
            { day: '2026-03-11', value: 0 },
          ],
        },
      ],
    });
    const mobile = await anonymous.call(chartDataRoute, {
      query: { token: tokens[1]!.token, from: day, to: day, platform: 'DESKTOP' },
    });
    expect(mobile.series[0]!.points).toEqual([{ day, value: 0 }]);
    // Chart data spans at most 400 days, within 2000–2100.
    for (const [from, to] of [
      ['9999-12-31', '9999-12-31'],
      ['2026-01-01', '2027-02-05'],
      ['2000-01-01', '2100-12-31'],
    ] as const) {
      const error = await failure(
        anonymous.call(chartDataRoute, { query: { token: tokens[0]!.token, from, to } }),
      );
      expect(error.status).toBe(400);
    }
    const longest = await anonymous.call(chartDataRoute, {
      query: { token: tokens[0]!.token, from: '2026-01-01', to: '2027-02-04' },
    });
    expect(longest.series[0]!.points).toHaveLength(400);

    const refusal = async (token: string) => {
      const error = await failure(
        anonymous.call(chartDataRoute, { query: { token, from: day, to: day } }),
      );
      return [error.status, (error.body as { code?: string } | null)?.code];
    };
    const status = async (token: string) => (await refusal(token))[0];
    // A bad token is 403 with its own code, never 401 (which the console takes for a lost session).
    const stale = [403, CHART_TOKEN_INVALID];
    const [header, payload] = tokens[0]!.token.split('.');
    expect(await refusal(`${header}.${payload}.AAAA`)).toEqual(stale);
    expect(await refusal('not-a-token')).toEqual(stale);
    const forged = await new SignJWT({ site: 1, chart: 'sessions', login: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect(await refusal(forged)).toEqual(stale);

    const signer = createChartTokens(server.database.db);
    const expired = await signer.sign(
      { site: 1, chart: 'sessions', login: 'client' },
      Date.now() - 6 * 60_000,
    );
    expect(await refusal(expired.token)).toEqual(stale);
    // A token for a site its login is not attached to (signed with the real key): 403.
    const foreign = await signer.sign({ site: 2, chart: 'sessions', login: 'client' });
    expect(await status(foreign.token)).toBe(403);
    const stranger = await signer.sign({ site: 1, chart: 'sessions', login: 'nobody' });
    expect(await status(stranger.token)).toBe(403);
    // chart-jwt itself: the site guard refuses a site not attached.
    expect(
      (await failure(client.call(chartJwtRoute, { query: { siteId: 2, chartId: ['sessions'] } })))
        .status,
    ).toBe(403);
  });
});
