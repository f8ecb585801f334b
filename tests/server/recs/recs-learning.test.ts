// Clicks from search and from recommendation blocks in the event store, the CTR
// per block on /reporting, the XGBVECTORS learned ranking (trained, measured, switched on), the
// model jobs on a schedule, and the start roles of every job kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Job } from '#contract/entities/job.ts';
import { searchResponse } from '#contract/public/search.ts';
import { JOB_START_ROLES } from '#contract/routes/jobs.ts';
import {
  activateRankingModelRoute,
  getCoefficientsRoute,
  modelJobStatusRoute,
  modelsInfoRoute,
  putCoefficientsRoute,
  rankingModelsRoute,
  startModelJobRoute,
  widgetCtrRoute,
} from '#contract/routes/recs.ts';
import {
  deleteScheduleRoute,
  listSchedulesRoute,
  scheduleRoles,
  setScheduleRoute,
} from '#contract/routes/schedules.ts';
import { run } from '#server/platform/db/sql.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import { JOB_HANDLERS } from '#server/plugins/app/jobs.ts';
import { ndcgAt10 } from '#server/recs/ltr.ts';
import { rebuildRollups } from '#server/events/rollups.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

/** Today on the demo site's calendar (Europe/Moscow): its rollups count days there, not in UTC. */
function siteDay(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
}

describe('job kinds', () => {
  it('every job kind the server runs has its start roles (and the model jobs their schedule roles)', () => {
    const kinds = Object.keys(JOB_HANDLERS);
    expect(kinds.length).toBeGreaterThan(5);
    for (const kind of kinds) {
      expect(JOB_START_ROLES[kind], kind).toBeDefined();
      expect(JOB_START_ROLES[kind]!.length, kind).toBeGreaterThan(0);
    }
    for (const kind of ['recs-build', 'ranking-build'])
      expect(scheduleRoles(kind)).toContain('ROLE_RANKING_JOB_START');
  });

  it('NDCG@10 of a ranked list against graded labels', () => {
    const labels = new Map([
      ['a', 3],
      ['b', 1],
    ]);
    expect(ndcgAt10(['a', 'b', 'c'], labels)).toBe(1);
    expect(ndcgAt10(['c', 'b', 'a'], labels)).toBeLessThan(0.6);
    expect(ndcgAt10(['c'], new Map())).toBe(0);
  });
});

describe.each(DATABASES)('learned ranking and click tracking on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  let query: string;
  let ranked: string[];
  let target: string;

  const post = async (url: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    server = await startTestServer(kind, { work: true });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 80 }));
    apiKey = await apiKeyOf(server.database, 1);
    admin = await server.as('admin');
    // A query answering several products; the shoppers' choice is its answer's last product, which
    // the catalog says is by far the most popular: a ranking learned from them puts it first.
    const { rows } = await run<{ word: string }>(
      server.database.db,
      sql`select lower(split_part(p.name, ' ', 1)) as word from catalog_products p
          join catalogs c using (import_id) where c.site_id = 1
          group by 1 having count(*) >= 3 order by count(*) desc, 1 limit 1`,
    );
    query = rows[0]!.word;
    const answer = await server.app.inject({
      url: `/public/search?${new URLSearchParams({ apiKey, st: query, size: '50', showUnavailable: 'true' })}`,
    });
    ranked = searchResponse.parse(answer.json()).products.map((p) => p.id);
    expect(ranked.length).toBeGreaterThanOrEqual(4);
    target = ranked.at(-1)!;
    await run(
      server.database.db,
      sql`update catalog_products p set popularity = case when p.id = ${target} then 100000 else 1 end
          from catalogs c where c.site_id = 1 and p.import_id = c.import_id`,
    );
    const now = Date.now();
    const events: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      const sessionId = `ltr-${i}`;
      const at = (minute: number) =>
        new Date(now - 7_200_000 + i * 60_000 + minute * 1000).toISOString();
      events.push(
        { type: 'SEARCH', sessionId, platform: 'DESKTOP', query, hits: ranked.length, at: at(0) },
        {
          type: 'PRODUCT_CLICK',
          sessionId,
          platform: 'DESKTOP',
          productId: target,
          source: 'SEARCH',
          query,
          position: ranked.length - 1,
          at: at(1),
        },
        { type: 'ADD_TO_CART', sessionId, platform: 'DESKTOP', productId: target, at: at(2) },
        ...(i % 2
          ? [{ type: 'ORDER', sessionId, platform: 'DESKTOP', revenue: 500, at: at(3) }]
          : []),
      );
    }
    events.push({
      type: 'PRODUCT_CLICK',
      sessionId: 'rec-1',
      platform: 'MOBILE',
      productId: ranked[0],
      source: 'RECOMMENDATION',
      position: 2,
    });
    const response = await post('/public/events/bulk', { apiKey, events });
    expect(response.statusCode, response.body).toBe(200);
  }, 180_000);
  afterAll(() => server.close());

  const finished = async (job: Job) => {
    for (let i = 0; i < 300; i++) {
      const status = await admin.call(modelJobStatusRoute, {
        query: { siteId: 1, jobName: 'XGBVECTORS' },
      });
      if (status && status.id === job.id && ['done', 'failed'].includes(status.state))
        return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the job did not finish');
  };

  it('refuses a product click without its product or with an unknown source, writing nothing', async () => {
    for (const bad of [
      { type: 'PRODUCT_CLICK', sessionId: 'x', platform: 'DESKTOP', source: 'SEARCH' },
      {
        type: 'PRODUCT_CLICK',
        sessionId: 'x',
        platform: 'DESKTOP',
        productId: 'p',
        source: 'BANNER',
      },
      {
        type: 'PRODUCT_CLICK',
        sessionId: 'x',
        platform: 'DESKTOP',
        productId: 'p',
        source: 'SEARCH',
        position: -1,
      },
    ]) {
      const response = await post('/public/events', { apiKey, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const { rows } = await run<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from events where session_id = 'x'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('counts clicks from search and from blocks in the rollups (and a rebuild agrees)', async () => {
    const today = siteDay();
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const report = await admin.call(widgetCtrRoute, {
      params: { id: 1 },
      query: { from, to: today },
    });
    expect(report.search).toEqual({ searches: 40, clicks: 40, ctr: 1 });
    expect(report.recsClicks).toBe(1);
    await rebuildRollups(server.database.db, 1);
    const again = await admin.call(widgetCtrRoute, {
      params: { id: 1 },
      query: { from, to: today },
    });
    expect(again.search).toEqual(report.search);
    expect(again.recsClicks).toBe(1);
    const info = await admin.call(modelsInfoRoute, { query: { siteId: 1 } });
    expect(info.datasets.find((d) => d.name === 'product clicks')?.rows).toBe(41);
    expect(info.models.map((m) => m.jobName)).toEqual(['RECS', 'XGBVECTORS']);
  });

  it('shows the CTR per recommendation block from widget views and clicks', async () => {
    const widget = (eventType: string, viewGUID: string, extra: object = {}) => ({
      eventType,
      widgetType: 'SLIDER',
      viewGUID,
      sessionId: 'w1',
      referer: '',
      location: 'https://shop.example/p/1',
      apiKey,
      pageProducts: ranked.slice(0, 3),
      mvtGroups: [],
      strategy: 'popular',
      userGUID: 'u1',
      blockId: '77',
      ...extra,
    });
    for (const guid of ['v1', 'v2', 'v3', 'v4'])
      expect((await post('/public/tracking/widget', widget('WIDGET_VIEW', guid))).statusCode).toBe(
        204,
      );
    expect(
      (
        await post(
          '/public/tracking/widget',
          widget('WIDGET_CLICK', 'v2', { productId: ranked[1], position: 1 }),
        )
      ).statusCode,
    ).toBe(204);
    // Another block with the same strategy is its own row; a malformed event counts nothing.
    await post('/public/tracking/widget', widget('WIDGET_VIEW', 'v9', { blockId: '78' }));
    const bad = await post(
      '/public/tracking/widget',
      widget('WIDGET_CLICK', 'v2', { position: 1 }),
    );
    expect(bad.statusCode).toBe(400);
    const today = siteDay();
    const report = await admin.call(widgetCtrRoute, {
      params: { id: 1 },
      query: { from: today, to: today },
    });
    expect(
      report.blocks.map((b) => [b.block, b.strategy, b.widgetType, b.views, b.clicks, b.ctr]),
    ).toEqual([
      ['77', 'popular', 'SLIDER', 4, 1, 0.25],
      ['78', 'popular', 'SLIDER', 1, 0, 0],
    ]);
    const reversed = await failure(
      admin.call(widgetCtrRoute, { params: { id: 1 }, query: { from: today, to: '2000-01-01' } }),
    );
    expect(reversed.status).toBe(400);
    const client = await server.as('designer');
    expect(
      (
        await failure(
          client.call(widgetCtrRoute, { params: { id: 1 }, query: { from: today, to: today } }),
        )
      ).status,
    ).toBe(403);
  });

  it('trains XGBVECTORS on search → click/cart/order labels, measures it, and serves it once switched on', async () => {
    // The coefficients in use push popular products down: shoppers keep clicking the last one.
    await admin.call(putCoefficientsRoute, {
      query: { siteId: 1 },
      body: { textScore: 1, popularity: -5, availability: 0, engagement: 0 },
    });
    const job = await admin.call(startModelJobRoute, {
      query: { siteId: 1, jobName: 'XGBVECTORS' },
      body: { emailList: ['ops@example.com'] },
    });
    const status = await finished(job);
    expect(status.state, status.error ?? '').toBe('done');
    const [model] = await admin.call(rankingModelsRoute, { query: { siteId: 1 } });
    expect(model).toMatchObject({ version: 1, activatedAt: null, queries: 1, groups: 40 });
    // The shoppers' product is the answer's most popular: popularity weighs more than text.
    expect(model!.weights.popularity).toBeGreaterThan(0);
    expect(model!.quality.ndcgAt10).toBe(1);
    expect(model!.quality.currentNdcgAt10!).toBeLessThan(model!.quality.ndcgAt10!);
    expect(model!.quality.cases).toBeGreaterThan(0);
    // Not served yet: the search answers in the text order.
    const search = async () =>
      searchResponse
        .parse(
          (
            await server.app.inject({
              url: `/public/search?${new URLSearchParams({ apiKey, st: query, size: '50', showUnavailable: 'true' })}`,
            })
          ).json(),
        )
        .products.map((p) => p.id);
    expect((await search())[0]).not.toBe(target);
    const { rows: mail } = await run<{ subject: string }>(
      server.database.db,
      sql`select subject from mail_outbox where kind = 'models-build' and site_id = 1`,
    );
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^XGBVECTORS: ranking model 1/),
    ]);

    // A viewer may not switch it on; an unknown version is a 404; then it serves, audited.
    const viewer = await server.as('designer');
    expect(
      (
        await failure(
          viewer.call(activateRankingModelRoute, {
            params: { version: 1 },
            query: { siteId: 1 },
            body: {},
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await failure(
          admin.call(activateRankingModelRoute, {
            params: { version: 9 },
            query: { siteId: 1 },
            body: {},
          }),
        )
      ).status,
    ).toBe(404);
    const active = await admin.call(activateRankingModelRoute, {
      params: { version: 1 },
      query: { siteId: 1 },
      body: {},
    });
    expect(active.activatedBy).toBe('admin');
    expect(await admin.call(getCoefficientsRoute, { query: { siteId: 1 } })).toEqual(
      model!.weights,
    );
    expect((await search())[0]).toBe(target);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ranking-coefficients'), eq(auditLog.actor, 'admin')));
    expect(audit.length).toBe(2);
    expect(audit.at(-1)!.after).toEqual(model!.weights);

    // A second model is measured against the first.
    const second = await finished(
      await admin.call(startModelJobRoute, {
        query: { siteId: 1, jobName: 'XGBVECTORS' },
        body: null,
      }),
    );
    expect(second.state).toBe('done');
    const [latest] = await admin.call(rankingModelsRoute, { query: { siteId: 1 } });
    expect(latest!.version).toBe(2);
    expect(latest!.quality.previousNdcgAt10).toBe(1);
    expect(latest!.quality.currentNdcgAt10).toBe(1);
  });

  it('runs the model jobs on a schedule set by a ranking job starter, not by others', async () => {
    const integrator = await server.as('admin');
    const saved = await integrator.call(setScheduleRoute, {
      query: { siteId: 1 },
      body: { kind: 'recs-build', cron: '0 3 * * *' },
    });
    expect(saved).toMatchObject({ kind: 'recs-build', cron: '0 3 * * *', enabled: true });
    const xgb = await integrator.call(setScheduleRoute, {
      query: { siteId: 1 },
      body: { kind: 'ranking-build', cron: '30 3 * * 1' },
    });
    expect(xgb.kind).toBe('ranking-build');
    const list = await integrator.call(listSchedulesRoute, { query: { siteId: 1 } });
    expect(list.map((s) => s.kind).sort()).toEqual(['ranking-build', 'recs-build']);
    const designer = await server.as('designer');
    const refused = await failure(
      designer.call(setScheduleRoute, {
        query: { siteId: 1 },
        body: { kind: 'recs-build', cron: '0 4 * * *' },
      }),
    );
    expect(refused.status).toBe(403);
    expect(
      await integrator.call(deleteScheduleRoute, { query: { siteId: 1, kind: 'ranking-build' } }),
    ).toEqual({ ok: true });
  });
});
