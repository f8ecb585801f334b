/**
 * Regional attributes (search setting regionalAttributes, spec part 2 "Autocomplete and search
 * configuration"): the values of the named attributes that a feed gives for a region — inside a
 * YML offer's `<region>`, in a region's own YML feed, in a delta row with a region — are that
 * region's. A search or autocomplete asked with that `regionId` answers, filters and counts
 * facets by them; everywhere else the global values stand. On PGlite and PostgreSQL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '#contract/entities/job.ts';
import type { Product } from '#contract/public/product.ts';
import type { SearchResponse } from '#contract/public/search.ts';
import {
  createFeedUrlRoute,
  deltaFeedStartRoute,
  deltaFeedStatusRoute,
  feedLoaderStartRoute,
  feedLoaderStatusRoute,
  saveDeltaRoute,
  saveYmlRoute,
} from '#contract/routes/feeds.ts';
import { saveRegionalAttributesRoute } from '#contract/routes/search-config.ts';
import { getSiteRoute } from '#contract/routes/sites.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const SITE = 2;
const DELIVERY = 'Срок доставки';

const offer = (id: string, name: string, price: number, extra: string) =>
  `<offer id="${id}" available="true"><name>${name}</name><url>https://shop.example/${id}</url>
<price>${price}</price><currencyId>RUR</currencyId><categoryId>1</categoryId>${extra}</offer>`;

const yml = (offers: string) => `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-30"><shop><name>Regions</name>
<categories><category id="1">Кроссовки</category></categories>
<offers>${offers}</offers></shop></yml_catalog>`;

/** The global feed: Moscow has its own delivery time for A1 (and a colour, not regional). */
const GLOBAL_FEED = yml(
  [
    offer(
      'A1',
      'Кроссовки Альфа',
      5000,
      `<param name="${DELIVERY}">5 дней</param><param name="Цвет">белый</param>` +
        `<regions><region id="msk" price="4500"><param name="${DELIVERY}">1 день</param>` +
        '<param name="Цвет">красный</param></region></regions>',
    ),
    offer('A2', 'Кроссовки Бета', 7000, `<param name="${DELIVERY}">5 дней</param>`),
  ].join('\n'),
);

/** Kazan's own feed: A1's delivery time there (its colour there is not the region's to say). */
const KAZAN_FEED = yml(
  offer(
    'A1',
    'Кроссовки Альфа',
    5200,
    `<param name="${DELIVERY}">3 дня</param><param name="Цвет">зелёный</param>`,
  ),
);

const files = new Map<string, string>();
let feedServer: Server;
let base = '';

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    const body = files.get((request.url ?? '').split('?')[0]!);
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

const finished = (job: Job | null) => job !== null && !['queued', 'running'].includes(job.state);

describe.each(DATABASES)('regional attributes on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['as']>>;
  let apiKey = '';
  const q = { siteId: SITE };

  beforeAll(async () => {
    server = await startTestServer(kind, { work: true, env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    admin = await server.as('admin');
    apiKey = (await admin.call(getSiteRoute, { params: { id: SITE } })).apiKey;
  });
  afterAll(() => server?.close());

  const done = async (route: typeof feedLoaderStatusRoute | typeof deltaFeedStatusRoute) => {
    let job = await admin.call(route, { query: q });
    for (let i = 0; i < 400 && !finished(job); i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      job = await admin.call(route, { query: q });
    }
    expect(job, JSON.stringify(job)).toMatchObject({ state: 'done' });
  };
  const ask = async <T>(path: string, params: Record<string, string>): Promise<T> => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams({ apiKey, ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const search = (params: Record<string, string>) =>
    ask<SearchResponse>('/public/search', { st: 'кроссовки', ...params });
  const product = (answer: { products: Product[] }, id: string) =>
    answer.products.find((p) => p.id === id)!;
  const facet = (answer: SearchResponse, name: string) =>
    Object.fromEntries(
      (answer.facets.find((f) => f.name === name)?.values ?? []).map((v) => [v.id, v.value]),
    );

  it('refuses a bad setting and changes nothing', async () => {
    const bad = await failure(
      admin.call(saveRegionalAttributesRoute, {
        query: q,
        body: { attributes: [''] },
      }),
    );
    expect(bad.status).toBe(400);
    const designer = await server.as('designer');
    const refused = await failure(
      designer.call(saveRegionalAttributesRoute, { query: q, body: { attributes: [DELIVERY] } }),
    );
    expect(refused.status).toBe(403);
  });

  it('a YML offer’s <region> values of a regional attribute are that region’s', async () => {
    await admin.call(saveRegionalAttributesRoute, { query: q, body: { attributes: [DELIVERY] } });
    files.set('/feed.xml', GLOBAL_FEED);
    await admin.call(saveYmlRoute, {
      query: q,
      body: { url: `${base}/feed.xml`, scheduled: false },
    });
    await admin.call(feedLoaderStartRoute, { query: q });
    await done(feedLoaderStatusRoute);

    const global = await search({});
    expect(product(global, 'A1').attributes['срок доставки']).toEqual(['5 дней']);
    expect(facet(global, DELIVERY)).toEqual({ '5 дней': 2 });

    const moscow = await search({ regionId: 'msk' });
    const a1 = product(moscow, 'A1');
    expect(a1.price).toBe('4500.0');
    expect(a1.attributes['срок доставки']).toEqual(['1 день']);
    // Not a regional attribute: the region's colour is not kept.
    expect(a1.attributes['цвет']).toEqual(['белый']);
    expect(facet(moscow, DELIVERY)).toEqual({ '1 день': 1, '5 дней': 1 });
    // Filtered by the region's value: found there, not elsewhere.
    const filter = `${DELIVERY}:1 день`;
    expect((await search({ regionId: 'msk', filter })).products.map((p) => p.id)).toEqual(['A1']);
    expect((await search({ filter })).totalHits).toBe(0);
    // The autocomplete and the SKUs read the region's values too.
    const suggested = await ask<{ products: Product[] }>('/public/autocomplete', {
      st: 'кроссовки',
      regionId: 'msk',
    });
    expect(product(suggested, 'A1').attributes['срок доставки']).toEqual(['1 день']);
    // An unknown region answers the global values.
    expect(
      product(await search({ regionId: 'nowhere' }), 'A1').attributes['срок доставки'],
    ).toEqual(['5 дней']);
  });

  it('a region’s own YML feed gives its values of the regional attributes only', async () => {
    files.set('/kazan.xml', KAZAN_FEED);
    await admin.call(createFeedUrlRoute, {
      query: q,
      body: { feedType: 'YML', regionId: 'kzn', url: `${base}/kazan.xml` },
    });
    await admin.call(feedLoaderStartRoute, { query: { ...q, regionId: 'kzn' } });
    await done(feedLoaderStatusRoute);
    const kazan = product(await search({ regionId: 'kzn' }), 'A1');
    expect(kazan.price).toBe('5200.0');
    expect(kazan.attributes['срок доставки']).toEqual(['3 дня']);
    expect(kazan.attributes['цвет']).toEqual(['белый']);
    expect(product(await search({}), 'A1').attributes['срок доставки']).toEqual(['5 дней']);
  });

  it('a delta row with a region sets that region’s value; its other attributes stay global', async () => {
    await admin.call(saveDeltaRoute, {
      query: q,
      body: {
        url: `${base}/delta.csv`,
        delimiter: ';',
        externalIdColumn: 'id',
        regionExternalIdColumn: 'region',
        attributeDelimiter: ',',
      },
    });
    files.set('/delta.csv', `id;region;${DELIVERY};Материал\nA2;spb;2 дня;сетка\n`);
    await admin.call(deltaFeedStartRoute, { query: q });
    await done(deltaFeedStatusRoute);
    const spb = product(await search({ regionId: 'spb' }), 'A2');
    expect(spb.attributes['срок доставки']).toEqual(['2 дня']);
    const global = product(await search({}), 'A2');
    expect(global.attributes['срок доставки']).toEqual(['5 дней']);
    expect(global.attributes['материал']).toEqual(['сетка']);
    // A later row replaces the region's value; Moscow's A1 keeps its own.
    files.set('/delta.csv', `id;region;${DELIVERY}\nA2;spb;завтра\n`);
    await admin.call(deltaFeedStartRoute, { query: q });
    await done(deltaFeedStatusRoute);
    expect(product(await search({ regionId: 'spb' }), 'A2').attributes['срок доставки']).toEqual([
      'завтра',
    ]);
    expect(product(await search({ regionId: 'msk' }), 'A1').attributes['срок доставки']).toEqual([
      '1 день',
    ]);
  });

  it('an attribute taken off the list loses its regional values at once; audited', async () => {
    await admin.call(saveRegionalAttributesRoute, { query: q, body: { attributes: ['Материал'] } });
    const moscow = product(await search({ regionId: 'msk' }), 'A1');
    expect(moscow.price).toBe('4500.0');
    expect(moscow.attributes['срок доставки']).toEqual(['5 дней']);
    expect(product(await search({ regionId: 'spb' }), 'A2').attributes['срок доставки']).toEqual([
      '5 дней',
    ]);
    const filter = `${DELIVERY}:1 день`;
    expect((await search({ regionId: 'msk', filter })).totalHits).toBe(0);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'search-setting:regionalAttributes'));
    expect(audit.at(-1)).toMatchObject({ before: { attributes: [DELIVERY] } });
  });
});
