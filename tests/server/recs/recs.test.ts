import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Job } from '#contract/entities/job.ts';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import {
  createStrategyRoute,
  createWidgetRoute,
  getCoefficientsRoute,
  putCoefficientsRoute,
  listStrategiesRoute,
  listWidgetsRoute,
  modelJobStatusRoute,
  previewWidgetRoute,
  recsModelsRoute,
  refreshStrategyRoute,
  saveStrategyConfigsRoute,
  startModelJobRoute,
  strategyConfigsRoute,
  strategyRevisionRoute,
  switchStrategyRoute,
  updateWidgetRoute,
} from '#contract/routes/recs.ts';
import { run } from '#server/platform/db/sql.ts';
import { createRecsRepository } from '#server/recs/strategies.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

describe.each(DATABASES)('recommendation strategies on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  let ids: string[];
  const site = { params: { site: 1 }, query: { siteId: 1 } };

  beforeAll(async () => {
    server = await startTestServer(kind, { work: true });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 80 }));
    apiKey = await apiKeyOf(server.database, 1);
    admin = await server.as('admin');
    const { rows } = await run<{ id: string }>(
      server.database.db,
      sql`select p.id from catalog_products p join catalogs c using (import_id)
          where c.site_id = 1 and p.available order by p.id limit 8`,
    );
    ids = rows.map((r) => r.id);
    const [A, B, C, D, E, F, G] = ids as [string, string, string, string, string, string, string];
    // Hand-checked behaviour: A is co-viewed with B twice, with C and D once; A is bought with
    // E twice and with F once; A and G are carted together in a session that never ordered.
    const now = Date.now();
    let minute = 0;
    const at = () => new Date(now - 3_600_000 + 60_000 * minute++).toISOString();
    const view = (sessionId: string, productId: string) => ({
      type: 'PRODUCT_VIEW',
      sessionId,
      platform: 'DESKTOP',
      productId,
      at: at(),
    });
    const cart = (sessionId: string, productId: string) => ({
      type: 'ADD_TO_CART',
      sessionId,
      platform: 'DESKTOP',
      productId,
      at: at(),
    });
    const order = (sessionId: string) => ({
      type: 'ORDER',
      sessionId,
      platform: 'DESKTOP',
      revenue: 1000,
      items: 2,
      at: at(),
    });
    const events = [
      view('s1', A),
      view('s1', B),
      view('s1', C),
      view('s2', A),
      view('s2', B),
      view('s3', A),
      view('s3', D),
      cart('s4', A),
      cart('s4', E),
      order('s4'),
      cart('s5', E),
      cart('s5', A),
      order('s5'),
      cart('s6', A),
      cart('s6', F),
      order('s6'),
      cart('s7', A),
      cart('s7', G),
    ];
    const response = await server.app.inject({
      method: 'POST',
      url: '/public/events/bulk',
      payload: { apiKey, events },
    });
    expect(response.statusCode, response.body).toBe(200);
    // the embedded engine's start, migration and import take minutes on a loaded machine
  }, 360_000);
  afterAll(() => server.close());

  const recommend = async (params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `/public/recommendations?${new URLSearchParams({ apiKey, ...params })}`,
    });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const productIds = async (params: Record<string, string>) => {
    const answer = await recommend(params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return recommendationsResponse.parse(answer.body).products.map((p) => p.id);
  };
  const finished = async (job: Job, jobName: 'RECS' | 'XGBVECTORS' = 'RECS') => {
    for (let i = 0; i < 200; i++) {
      const status = await admin.call(modelJobStatusRoute, { query: { siteId: 1, jobName } });
      if (status && status.id === job.id && ['done', 'failed'].includes(status.state))
        return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the job did not finish');
  };

  it('lists the catalogue with typed configs', async () => {
    const models = await admin.call(recsModelsRoute, { query: { siteId: 1 } });
    const names = models.map((m) => m.modelName);
    for (const name of [
      'popular_window',
      'trending',
      'co_viewed',
      'co_bought',
      'similar_attributes',
      'recently_viewed',
      'personal_session',
      'zero_result_fallback',
      'popular',
      'same_category',
      'similar_price',
    ])
      expect(names).toContain(name);
    const types = new Set(models.flatMap((m) => m.configs.map((c) => c.type)));
    expect([...types].sort()).toEqual(['BOOL', 'COMPLEX', 'FLOAT', 'INT', 'LIST', 'STR']);
  });

  it('builds co-viewed and co-bought tables from events; the pairs seen most come first', async () => {
    const [A, B, C, D, E, F, G] = ids as [string, string, string, string, string, string, string];
    const viewed = await admin.call(createStrategyRoute, {
      ...site,
      body: {
        name: 'Смотрели вместе',
        modelName: 'co_viewed',
        // windowDays is the default (dropped); maxPerProduct differs (kept).
        configs: { windowDays: '90', maxPerProduct: '40' },
      },
    });
    expect(viewed.configs).toEqual({ maxPerProduct: '40' });
    expect(viewed.enabled).toBe(false);
    const bought = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Покупают вместе', modelName: 'co_bought', configs: {} },
    });
    // Off, or not built: the shopper gets popularity, never an error or an empty block.
    expect((await productIds({ strategy: viewed.hash, productId: A })).length).toBeGreaterThan(0);
    await admin.call(switchStrategyRoute, {
      params: { site: 1, hash: viewed.hash },
      query: { siteId: 1, enabled: 'true' },
    });
    await admin.call(switchStrategyRoute, {
      params: { site: 1, hash: bought.hash },
      query: { siteId: 1, enabled: 'true' },
    });

    const job = await admin.call(startModelJobRoute, {
      query: { siteId: 1, jobName: 'RECS' },
      body: { emailList: ['ops@shop.example'] },
    });
    const done = await finished(job);
    expect(done.state, done.error ?? '').toBe('done');

    const coViewed = await productIds({ strategy: viewed.hash, productId: A });
    expect(coViewed.slice(0, 3)).toEqual([B, ...[C, D].sort()]);
    // Item-KNN's shrunk cosine: sessions with both over sqrt((sessions of A + 200) × (sessions of
    // the other + 200)); A is in 3 sessions, B in 2 (both with A), C in 1.
    const { rows: scores } = await run<{ other_id: string; score: number }>(
      server.database.db,
      sql`select other_id, score from recs_item_scores
          where site_id = 1 and hash = ${viewed.hash} and product_id = ${A}`,
    );
    const score = new Map(scores.map((row) => [row.other_id, Number(row.score)]));
    expect(score.get(B)).toBeCloseTo(2 / Math.sqrt(203 * 202), 6);
    expect(score.get(C)).toBeCloseTo(1 / Math.sqrt(203 * 201), 6);
    // By model name: the site's first enabled strategy of that model.
    expect(await productIds({ strategy: 'co_viewed', productId: A })).toEqual(coViewed);
    const coBought = await productIds({ strategy: 'co_bought', productId: A });
    expect(coBought.slice(0, 2)).toEqual([E, F]);
    expect(coBought).not.toContain(G); // carted together but never ordered
    expect(await productIds({ strategy: 'co_bought', productId: E })).toContain(A);

    const [strategy] = (await admin.call(listStrategiesRoute, site)).filter(
      (s) => s.hash === viewed.hash,
    );
    expect(strategy!.revision).toBe(1);
    expect(strategy!.revisions[0]!.rows).toBeGreaterThan(0);
    const { rows: mails } = await run<{ recipient: string; body: string }>(
      server.database.db,
      sql`select recipient, body from mail_outbox where kind = 'models-build'`,
    );
    expect(mails[0]?.recipient).toBe('ops@shop.example');
    expect(mails[0]?.body).toContain(viewed.hash);
  });

  it('keeps only non-default configs, joins lists, refuses bad values with nothing changed', async () => {
    const strategy = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Популярное', modelName: 'popular_window', configs: {} },
    });
    const hash = strategy.hash;
    const saved = await admin.call(saveStrategyConfigsRoute, {
      params: { site: 1, hash },
      query: { siteId: 1 },
      body: { categories: ' 1 , 2,,3 ', cartWeight: '3', windowDays: '7' },
    });
    expect(saved.configs).toEqual({ categories: '1,2,3', windowDays: '7' });
    const bad: Record<string, string>[] = [
      { windowDays: 'seven' },
      { windowDays: '0' },
      { cartWeight: '1e9' },
      { unknown: '1' },
    ];
    for (const body of bad) {
      const error = await failure(
        admin.call(saveStrategyConfigsRoute, {
          params: { site: 1, hash },
          query: { siteId: 1 },
          body,
        }),
      );
      expect(error.status).toBe(400);
    }
    const configs = await admin.call(strategyConfigsRoute, {
      params: { site: 1, hash },
      query: { siteId: 1 },
    });
    expect(configs.find((c) => c.name === 'windowDays')?.value).toBe('7');
    expect(configs.find((c) => c.name === 'cartWeight')?.value).toBeNull();
    expect(
      (
        await failure(
          admin.call(createStrategyRoute, {
            ...site,
            body: { name: 'x', modelName: 'nope', configs: {} },
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await failure(
          admin.call(listStrategiesRoute, { params: { site: 2 }, query: { siteId: 1 } }),
        )
      ).status,
    ).toBe(400);
    const client = await server.as('client');
    expect(
      (
        await failure(
          client.call(createStrategyRoute, {
            ...site,
            body: { name: 'x', modelName: 'co_viewed', configs: {} },
          }),
        )
      ).status,
    ).toBe(403);
  });

  it('a new revision switches atomically; the old one can be served again; refresh while serving', async () => {
    const [A, B] = ids as [string, string];
    const [viewed] = (await admin.call(listStrategiesRoute, site)).filter(
      (s) => s.modelName === 'co_viewed',
    );
    const hash = viewed!.hash;
    const repo = createRecsRepository(server.database.db);
    // Shoppers keep being served while a refresh builds the next revision.
    const serving = (async () => {
      const firsts: string[] = [];
      for (let i = 0; i < 10; i++)
        firsts.push((await productIds({ strategy: hash, productId: A }))[0]!);
      return firsts;
    })();
    const refresh = await admin.call(refreshStrategyRoute, {
      params: { site: 1, hash },
      query: { siteId: 1 },
    });
    expect(await serving).toEqual(Array(10).fill(B));
    expect((await finished(refresh)).state).toBe('done');
    const built = await repo.get(1, hash);
    expect(built.revision).toBe(2);
    const back = await admin.call(strategyRevisionRoute, {
      params: { site: 1, hash },
      query: { siteId: 1 },
      body: { revision: 1 },
    });
    expect(back.revision).toBe(1);
    expect((await productIds({ strategy: hash, productId: A }))[0]).toBe(B);
    const error = await failure(
      admin.call(strategyRevisionRoute, {
        params: { site: 1, hash },
        query: { siteId: 1 },
        body: { revision: 99 },
      }),
    );
    expect(error.status).toBe(400);
    expect((await repo.get(1, hash)).revision).toBe(1);
  });

  it('a widget answers by id or placement with its strategy; unknown strategies are a 400', async () => {
    const [A, B] = ids as [string, string];
    const [viewed] = (await admin.call(listStrategiesRoute, site)).filter(
      (s) => s.modelName === 'co_viewed',
    );
    await admin.call(createWidgetRoute, {
      ...site,
      body: {
        widgetId: 'pdp',
        name: 'Карточка',
        placements: ['product_page'],
        strategyHash: viewed!.hash,
      },
    });
    expect((await productIds({ placement: 'product_page', productId: A }))[0]).toBe(B);
    expect((await productIds({ widgetId: 'pdp', productId: A }))[0]).toBe(B);
    expect((await recommend({ strategy: 'no_such_thing' })).status).toBe(400);
    expect((await recommend({ widgetId: 'nope' })).status).toBe(404);
    // The fixed strategies still answer as before.
    expect((await productIds({ strategy: 'popular' })).length).toBeGreaterThan(0);
  });

  it('a widget refuses a strategy that needs a product on pages without one, naming them; nothing changes', async () => {
    const [A, B] = ids as [string, string];
    const [viewed] = (await admin.call(listStrategiesRoute, site)).filter(
      (s) => s.modelName === 'co_viewed',
    );
    // The seeded demo block «Популярные товары» sits at #recommendations on the home page.
    const home = {
      block: 'Популярные товары',
      placement: '#recommendations',
      pageType: 'HOME_PAGE',
    };
    const created = await failure(
      admin.call(createWidgetRoute, {
        ...site,
        body: {
          widgetId: 'home-co-viewed',
          name: 'На главной',
          placements: ['#recommendations'],
          strategyHash: viewed!.hash,
        },
      }),
    );
    expect(created.status).toBe(400);
    expect(created.message).toMatch(
      /co_viewed strategy .*cannot serve pages without one: block «Популярные товары» at #recommendations on HOME_PAGE/,
    );
    const updated = await failure(
      admin.call(updateWidgetRoute, {
        ...site,
        body: {
          widgetId: 'pdp',
          name: 'Карточка',
          placements: ['product_page', '#recommendations'],
          strategyHash: viewed!.hash,
        },
      }),
    );
    expect(updated.status).toBe(400);
    const widgets = await admin.call(listWidgetsRoute, site);
    expect(widgets.map((w) => w.widgetId)).not.toContain('home-co-viewed');
    expect(widgets.find((w) => w.widgetId === 'pdp')?.placements).toEqual(['product_page']);

    // A strategy that needs no product serves the home page.
    const hits = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Хиты', modelName: 'popular_window', configs: {} },
    });
    const saved = await admin.call(createWidgetRoute, {
      ...site,
      body: {
        widgetId: 'home-hits',
        name: 'Хиты',
        placements: ['#recommendations'],
        strategyHash: hits.hash,
      },
    });
    expect(saved.strategyHash).toBe(hits.hash);

    // The preview tells the same before saving, and answers with the site's products: for the
    // product the co-viewed table covers most (A), A's co-views, never A itself.
    const preview = await admin.call(previewWidgetRoute, {
      ...site,
      query: {
        siteId: 1,
        strategyHash: viewed!.hash,
        placements: '#recommendations, product_page',
      },
    });
    expect(preview.pages).toEqual([home]);
    expect(preview.refused).toEqual([home]);
    expect(preview.needsProduct).toBe(true);
    expect(preview.forProduct?.id).toBe(A);
    expect(preview.products[0]?.id).toBe(B);
    expect(preview.products.map((p) => p.id)).not.toContain(A);
    const fine = await admin.call(previewWidgetRoute, {
      ...site,
      query: { siteId: 1, strategyHash: hits.hash, placements: '#recommendations' },
    });
    expect(fine.refused).toEqual([]);
    expect(fine.forProduct).toBeNull();
    // another site's strategy hash is not found
    expect(
      (
        await failure(
          admin.call(previewWidgetRoute, {
            ...site,
            query: { siteId: 1, strategyHash: '0123456789ab', placements: '' },
          }),
        )
      ).status,
    ).toBe(404);
  });

  it('never recommends the viewed product to itself, the fallback to popularity included', async () => {
    const [viewed] = (await admin.call(listStrategiesRoute, site)).filter(
      (s) => s.modelName === 'co_viewed',
    );
    // The most popular product no one co-viewed: co_viewed has nothing for it and falls back.
    const popular = await productIds({ strategy: 'popular', size: '60' });
    const lonely = popular.find((id) => !ids.slice(0, 7).includes(id))!;
    expect(lonely).toBeDefined();
    const fallback = await productIds({ strategy: viewed!.hash, productId: lonely, size: '60' });
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback).not.toContain(lonely);
    expect(await productIds({ strategy: 'popular', productId: lonely, size: '60' })).not.toContain(
      lonely,
    );
    expect(
      await productIds({ placement: 'product_page', productId: lonely, size: '60' }),
    ).not.toContain(lonely);
  });

  it("exports a strategy's table as CSV with formula-like product ids defused", async () => {
    const strategy = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Экспорт', modelName: 'co_viewed', configs: {} },
    });
    await run(
      server.database.db,
      sql`update recs_strategies set revision = 1 where site_id = 1 and hash = ${strategy.hash}`,
    );
    await run(
      server.database.db,
      sql`insert into recs_item_scores (site_id, hash, revision, product_id, other_id, score) values
          (1, ${strategy.hash}, 1, '=HYPERLINK("http://evil.example","x")', 'p,2', 0.5),
          (1, ${strategy.hash}, 1, 'p1', '=1+cmd|'' /C calc''!A0', 0.25),
          (1, ${strategy.hash}, 1, 'p1', '@SUM(A1)', 0.125)`,
    );
    const response = await admin.raw({
      method: 'GET',
      url: `/api/recs/recs_file?siteId=1&hash=${strategy.hash}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body.split('\n')).toEqual([
      'productId,recommendedId,score',
      `"'=HYPERLINK(""http://evil.example"",""x"")","p,2",0.5`,
      `p1,"'=1+cmd|' /C calc'!A0",0.25`,
      `p1,"'@SUM(A1)",0.125`,
    ]);
  });

  it('recently viewed and personal strategies read the shopper session', async () => {
    const [A, B] = ids as [string, string];
    const [viewed] = (await admin.call(listStrategiesRoute, site)).filter(
      (s) => s.modelName === 'co_viewed',
    );
    const recent = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Вы смотрели', modelName: 'recently_viewed', configs: {} },
    });
    const personal = await admin.call(createStrategyRoute, {
      ...site,
      body: {
        name: 'Для вас',
        modelName: 'personal_session',
        configs: { baseStrategy: viewed!.hash },
      },
    });
    for (const hash of [recent.hash, personal.hash])
      await admin.call(switchStrategyRoute, {
        params: { site: 1, hash },
        query: { siteId: 1, enabled: 'true' },
      });
    expect(await productIds({ strategy: recent.hash, sessionId: 's2' })).toEqual([B, A]);
    const forYou = await productIds({ strategy: personal.hash, sessionId: 's3' });
    expect(forYou[0]).toBe(B); // s3 viewed A and D; A's strongest co-view is B
    expect(forYou).not.toContain(A);
  });
});

describe.each(DATABASES)('ranking coefficients on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 120 }));
    apiKey = await apiKeyOf(server.database, 1);
  }, 180_000);
  afterAll(() => server.close());

  const top = async () => {
    const response = await server.app.inject({
      url: `/public/search?${new URLSearchParams({ apiKey, st: 'платье', size: '10' })}`,
    });
    return (response.json() as { products: { id: string }[] }).products.map((p) => p.id);
  };

  it('are applied to the next search; out-of-range values are refused with nothing changed', async () => {
    const admin = await server.as('admin');
    const defaults = await admin.call(getCoefficientsRoute, { query: { siteId: 1 } });
    expect(defaults).toEqual({ textScore: 1, popularity: 0, availability: 0, engagement: 0 });
    const before = await top();
    await admin.call(putCoefficientsRoute, {
      query: { siteId: 1 },
      body: { textScore: 0, popularity: -9.99, availability: 0, engagement: 0 },
    });
    const after = await top();
    expect(after).not.toEqual(before);
    // Text no longer counts: the matches come least popular first.
    const { rows } = await run<{ id: string; popularity: number }>(
      server.database.db,
      sql`select p.id, p.popularity from catalog_products p join catalogs c using (import_id)
          where c.site_id = 1 and p.id = any(${`{${after.join(',')}}`}::text[])`,
    );
    const popularity = after.map((id) => Number(rows.find((r) => r.id === id)!.popularity));
    expect(popularity).toEqual([...popularity].sort((a, b) => a - b));
    const error = await failure(
      admin.call(putCoefficientsRoute, {
        query: { siteId: 1 },
        body: { textScore: 10, popularity: 0, availability: 0, engagement: 0 },
      }),
    );
    expect(error.status).toBe(400);
    expect((await admin.call(getCoefficientsRoute, { query: { siteId: 1 } })).popularity).toBe(
      -9.99,
    );
    const client = await server.as('client');
    expect(
      (
        await failure(
          client.call(putCoefficientsRoute, {
            query: { siteId: 1 },
            body: { textScore: 1, popularity: 0, availability: 0, engagement: 0 },
          }),
        )
      ).status,
    ).toBe(403);
  });
});
