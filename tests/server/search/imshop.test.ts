/**
 * The shop's mobile app (platform APP: the imshop app, or the storefront in its web view): its
 * searches sort by the imshop custom sorts (/custom/sort/{site}/imshop/attributes) and are
 * regionalised by the imshop regions (/config/imshop/regions) only; a custom sort's regions are
 * sorted by their own values of the attribute, other regions by the global ones. On PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '#contract/public/search.ts';
import { saveImshopRegionsRoute } from '#contract/routes/feeds.ts';
import {
  saveCustomSortRoute,
  saveImshopSortRoute,
  saveRegionalAttributesRoute,
} from '#contract/routes/search-config.ts';
import {
  feedFileUrl,
  importFeed,
  offerXml,
  paramXml,
  startCatalogServer,
  ymlDocument,
} from '#tests/helpers/catalog.ts';
import { DATABASES, type TestClient, type TestServer } from '#tests/helpers/server.ts';

const SITE = 2;
const RATING = 'Рейтинг продавца';

const shoe = (id: string, price: string, rating: string, regions: string) =>
  offerXml({
    id,
    name: `Кеды ${id}`,
    price,
    extra: `${paramXml(RATING, rating)}<regions>${regions}</regions>`,
  });

// In Moscow the ratings run the other way round (a regional attribute), and k1 is cheaper.
const feed = ymlDocument({
  categories: '<category id="1">Кеды</category>',
  offers: [
    shoe('k1', '3000', '5', `<region id="msk" price="2000">${paramXml(RATING, '1')}</region>`),
    shoe('k2', '3500', '3', `<region id="msk">${paramXml(RATING, '3')}</region>`),
    shoe('k3', '4000', '1', `<region id="msk">${paramXml(RATING, '5')}</region>`),
  ].join('\n'),
});

describe.each(DATABASES)('the mobile app on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey = '';
  const q = { siteId: SITE };
  const SORT = `DESC:${RATING}`;

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startCatalogServer(kind, SITE, feed));
    await admin.call(saveRegionalAttributesRoute, { query: q, body: { attributes: [RATING] } });
    await importFeed(server.database, SITE, feedFileUrl(feed));
  }, 60_000);
  afterAll(() => server?.close());

  const ask = async (params: Record<string, string>) =>
    server.app.inject({
      url: `/public/search?${new URLSearchParams({ apiKey, st: 'кеды', ...params })}`,
    });
  const search = async (params: Record<string, string>) => {
    const response = await ask(params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResponse;
  };
  const ids = (answer: SearchResponse) => answer.products.map((p) => p.id);

  it('the app sorts by the imshop sorts, the web by the plain ones', async () => {
    await admin.call(saveImshopSortRoute, {
      params: { id: SITE },
      body: {
        attributes: [
          { attribute: RATING, title: 'Сначала с высоким рейтингом', direction: 'DESC' },
        ],
        regions: [],
      },
    });
    const app = await search({ platform: 'APP', sort: SORT });
    expect(ids(app)).toEqual(['k1', 'k2', 'k3']);
    expect(app.sorts).toEqual([{ value: SORT, title: 'Сначала с высоким рейтингом' }]);
    // Lower case, as an app may send it.
    expect(ids(await search({ platform: 'app', sort: SORT }))).toEqual(['k1', 'k2', 'k3']);
    // The web has no such sort: 400, and no sort options in its answers.
    const web = await ask({ sort: SORT });
    expect(web.statusCode).toBe(400);
    expect(web.json()).toMatchObject({ message: expect.stringContaining(SORT) });
    expect((await search({})).sorts).toBeUndefined();
    expect((await ask({ platform: 'TV' })).statusCode).toBe(400);
    // The plain sort is the web's, not the app's.
    await admin.call(saveCustomSortRoute, {
      params: { id: SITE },
      body: {
        attributes: [{ attribute: RATING, title: 'По рейтингу', direction: 'ASC' }],
        regions: [],
      },
    });
    expect(ids(await search({ sort: `ASC:${RATING}` }))).toEqual(['k3', 'k2', 'k1']);
    expect((await ask({ platform: 'APP', sort: `ASC:${RATING}` })).statusCode).toBe(400);
  });

  it('the app is regionalised by the imshop regions only; the web by any region', async () => {
    const priceOfK1 = (answer: SearchResponse) => answer.products.find((p) => p.id === 'k1')!.price;
    // No imshop regions yet: the app gets the global price in Moscow, the web the Moscow one.
    expect(priceOfK1(await search({ platform: 'APP', regionId: 'msk' }))).toBe('3000.0');
    expect(priceOfK1(await search({ regionId: 'msk' }))).toBe('2000.0');
    await admin.call(saveImshopRegionsRoute, {
      query: q,
      body: [{ regionId: 'msk', name: 'Москва' }],
    });
    expect(priceOfK1(await search({ platform: 'APP', regionId: 'msk' }))).toBe('2000.0');
    const suggested = await server.app.inject({
      url: `/public/autocomplete?${new URLSearchParams({ apiKey, st: 'кеды', platform: 'APP', regionId: 'msk' })}`,
    });
    expect((suggested.json() as SearchResponse).products.find((p) => p.id === 'k1')?.price).toBe(
      '2000.0',
    );
  });
  it('a custom sort’s regions sort by their own values; other regions by the global ones', async () => {
    // Moscow is not among the sort's regions: the global ratings order it.
    expect(ids(await search({ platform: 'APP', sort: SORT, regionId: 'msk' }))).toEqual([
      'k1',
      'k2',
      'k3',
    ]);
    await admin.call(saveImshopSortRoute, {
      params: { id: SITE },
      body: {
        attributes: [
          { attribute: RATING, title: 'Сначала с высоким рейтингом', direction: 'DESC' },
        ],
        regions: ['msk'],
      },
    });
    expect(ids(await search({ platform: 'APP', sort: SORT, regionId: 'msk' }))).toEqual([
      'k3',
      'k2',
      'k1',
    ]);
  });
});
