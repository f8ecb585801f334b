/**
 * Merchandising on both databases: each boost type changes the storefront's ranks as specified,
 * periods start and end on time, redirects are answered, pins hold their socket, recommendation
 * rules act in priority order, custom models override the ranking, the three CSV layouts with
 * good, bad and mixed rows, and the roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BoostRuleInput } from '#contract/entities/merchandising.ts';
import type { UploadReport } from '#contract/entities/upload.ts';
import { autocompleteResponse } from '#contract/public/autocomplete.ts';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import {
  boostCriteriaRoute,
  boostProductsRoute,
  createBoostRuleRoute,
  createCustomModelRoute,
  createRecsRuleRoute,
  createRedirectRoute,
  deleteBoostRuleRoute,
  deleteCustomModelProductRoute,
  deleteCustomModelQueryRoute,
  deleteRecsRuleRoute,
  excludeProductsRoute,
  filterRecsRulesRoute,
  getBoostRuleRoute,
  listCustomModelsRoute,
  listRecsRulesRoute,
  recsPreviewRoute,
  recsRulesContextRoute,
  redirectFilterRoute,
  searchPreviewRoute,
  updateBoostRuleRoute,
} from '#contract/routes/merchandising.ts';
import { localToInstant, toLocal } from '#server/merchandising/time.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

describe('rule periods in the site time zone', () => {
  it('converts wall-clock times both ways, across daylight saving changes', () => {
    expect(localToInstant('2026-06-01T10:00', 'Europe/Moscow').toISOString()).toBe(
      '2026-06-01T07:00:00.000Z',
    );
    expect(localToInstant('2026-07-01T10:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(localToInstant('2026-01-15T10:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    // spring forward: 02:30 does not exist in Berlin on 29 March 2026; it lands after the gap
    expect(localToInstant('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // autumn: 02:30 happens twice on 25 October 2026; the first occurrence (summer time)
    expect(localToInstant('2026-10-25T02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(toLocal(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30');
    expect(toLocal(new Date('2026-06-01T07:00:00Z'), 'Europe/Moscow')).toBe('2026-06-01T10:00');
  });
});

async function multipart(
  file: { name: string; text: string } | null,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.text]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe.each(DATABASES)('merchandising on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  const siteId = 1;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, siteId, await demoFeedUrl({ offers: 1500 }));
    apiKey = await apiKeyOf(server.database, siteId);
    admin = await server.as('admin');
  }, 240_000);
  afterAll(() => server.close());

  const publicGet = async (path: string, params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `${path}?${new URLSearchParams({ apiKey, ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  const search = async (st: string, extra: Record<string, string> = {}): Promise<SearchResponse> =>
    searchResponse.parse(
      await publicGet('/public/search', { st, size: '20', withFacets: 'false', ...extra }),
    );
  const ids = (answer: { products: { id: string }[] }) => answer.products.map((p) => p.id);
  const rule = (input: Partial<BoostRuleInput> & Pick<BoostRuleInput, 'boostType' | 'filters'>) =>
    admin.call(createBoostRuleRoute, {
      query: { siteId },
      body: { name: `rule ${input.boostType}`, queries: ['платье'], ...input },
    });
  const drop = (id: number) => admin.call(deleteBoostRuleRoute, { query: { siteId, id } });
  const upload = async (
    client: TestClient,
    url: string,
    file: { name: string; text: string } | null,
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = await multipart(file, fields);
    const response = await client.raw({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! },
    });
    return {
      status: response.statusCode,
      body: response.json() as UploadReport & { message?: string },
    };
  };

  it('PRODUCTS with a socket pins a product from 10th place to 1st, and to 3rd; pages stay whole', async () => {
    const before = await search('платье');
    const longerBefore = await search('платье вечернее');
    expect(before.totalHits).toBeGreaterThan(25);
    const tenth = before.products[9]!.id;
    const pin = await rule({ boostType: 'PRODUCTS', filters: [tenth], socket: 1, fullMatch: true });
    expect(pin.live).toBe(true);
    expect(pin.error).toBeNull();
    const after = await search('платье');
    expect(after.products[0]!.id).toBe(tenth);
    expect(after.totalHits).toBe(before.totalHits);
    expect(ids(after).slice(1)).toEqual(
      ids(before)
        .filter((id) => id !== tenth)
        .slice(0, 19),
    );
    // the second page holds what follows, the pinned product not again
    const page2 = await search('платье', { offset: '20' });
    const page2Before = await search('платье', { offset: '20' });
    expect(ids(page2)).toEqual(ids(page2Before));
    expect(ids(page2)).not.toContain(tenth);
    await admin.call(updateBoostRuleRoute, {
      query: { siteId },
      body: { ...pin, id: pin.id, socket: 3, filters: [tenth], queries: pin.queries },
    });
    expect((await search('платье')).products[2]!.id).toBe(tenth);
    // full match: a longer query does not fire it
    expect(ids(await search('платье вечернее'))).toEqual(ids(longerBefore));
    await drop(pin.id);
    expect(ids(await search('платье'))).toEqual(ids(before));
  });

  it('a pinned product the query does not find is still shown in its socket', async () => {
    const jacket = (await search('куртка')).products[0]!.id;
    const pin = await rule({ boostType: 'PRODUCTS', filters: [jacket], socket: 2 });
    const after = await search('платье');
    expect(after.products[1]!.id).toBe(jacket);
    await drop(pin.id);
  });

  it('PRODUCTS without a socket boosts; PRODUCTS_EXCLUDE hides', async () => {
    const before = await search('платье');
    const last = before.products[19]!.id;
    const boost = await rule({ boostType: 'PRODUCTS', filters: [last], socket: null });
    expect((await search('платье')).products[0]!.id).toBe(last);
    await drop(boost.id);
    const first = before.products[0]!.id;
    const hide = await rule({ boostType: 'PRODUCTS_EXCLUDE', filters: [first] });
    const hidden = await search('платье');
    expect(ids(hidden)).not.toContain(first);
    expect(hidden.totalHits).toBe(before.totalHits - 1);
    await drop(hide.id);
  });

  it('BRANDS and ATTRIBUTES lift their products above the rest; a negative weight sinks them', async () => {
    const before = await search('платье', { size: '60' });
    const brand = before.products.at(-1)!.brand!;
    const lifted = await rule({ boostType: 'BRANDS', filters: [brand] });
    const after = await search('платье', { size: '60' });
    const count = before.products.filter((p) => p.brand === brand).length;
    expect(after.products.slice(0, count).every((p) => p.brand === brand)).toBe(true);
    await drop(lifted.id);
    const sunk = await rule({ boostType: 'BRANDS', filters: [brand], weight: -1 });
    const down = await search('платье', { size: '60' });
    const others = down.products.length - count;
    expect(down.products.slice(0, others).every((p) => p.brand !== brand)).toBe(true);
    expect(down.products.slice(others).every((p) => p.brand === brand)).toBe(true);
    await drop(sunk.id);

    // The feed's param names are capitalised; the answer's attributes are in lower case.
    const [key, values] = before.products
      .flatMap((p) => Object.entries(p.attributes))
      .find(([name]) => name !== 'размер' && name !== 'пол')!;
    const param = { name: key[0]!.toUpperCase() + key.slice(1), value: values[0]! };
    const attr = await rule({
      boostType: 'ATTRIBUTES',
      attributeName: param.name,
      filters: [param.value],
    });
    const byAttr = await search('платье');
    expect(byAttr.products[0]!.attributes[key]?.includes(param.value)).toBe(true);
    await drop(attr.id);
  });

  it('CATEGORIES_BOOST lifts, CATEGORIES_INCLUDE keeps only, CATEGORIES_EXCLUDE hides a category', async () => {
    const all = await search('куртка', { size: '100' });
    const categories = [...new Set(all.products.map((p) => p.categoryId))];
    expect(categories.length).toBeGreaterThan(1);
    const target = all.products.at(-1)!.categoryId;
    const n = all.products.filter((p) => p.categoryId === target).length;
    const boost = await rule({
      boostType: 'CATEGORIES_BOOST',
      filters: [target],
      queries: ['куртка'],
    });
    const boosted = await search('куртка', { size: '100' });
    expect(boosted.products.slice(0, n).every((p) => p.categoryId === target)).toBe(true);
    await drop(boost.id);
    const include = await rule({
      boostType: 'CATEGORIES_INCLUDE',
      filters: [target],
      queries: ['куртка'],
    });
    const only = await search('куртка', { size: '100' });
    expect(only.totalHits).toBe(n);
    expect(only.products.every((p) => p.categories.some((c) => c.id === target))).toBe(true);
    await drop(include.id);
    const exclude = await rule({
      boostType: 'CATEGORIES_EXCLUDE',
      filters: [target],
      queries: ['куртка'],
    });
    const without = await search('куртка', { size: '100' });
    expect(without.totalHits).toBe(all.totalHits - n);
    expect(without.products.some((p) => p.categoryId === target)).toBe(false);
    await drop(exclude.id);
  });

  it('facet counts are of the products a shopper can get: excludes, includes and pins count', async () => {
    const faceted = async (st: string) => {
      const answer = await search(st, { size: '100', withFacets: 'true' });
      expect(answer.totalHits).toBeLessThanOrEqual(100);
      const facet = (name: string) => answer.facets.find((f) => f.name === name);
      const brand = facet('brand');
      const price = facet('price');
      const category = facet('categoryId');
      const brands = new Map<string, number>();
      for (const p of answer.products)
        if (p.brand) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
      // every brand's count is the number of listed products of the brand, the price bounds
      // hold every listed price, and the categories are those of the listed products
      expect(new Map(brand?.values.map((v) => [v.id, v.value] as const))).toEqual(brands);
      const prices = answer.products.map((p) => Number(p.price));
      expect(price?.values.map((v) => v.value)).toEqual([
        Math.floor(Math.min(...prices)),
        Math.ceil(Math.max(...prices)),
      ]);
      const nodes = category?.values.map((node) => node.id) ?? [];
      expect(new Set(nodes)).toEqual(
        new Set(answer.products.flatMap((p) => p.categories.map((c) => c.id))),
      );
      return answer;
    };
    const all = await faceted('куртка');
    const target = all.products.at(-1)!.categoryId;
    const exclude = await rule({
      boostType: 'CATEGORIES_EXCLUDE',
      filters: [target],
      queries: ['куртка'],
    });
    expect((await faceted('куртка')).totalHits).toBeLessThan(all.totalHits);
    await drop(exclude.id);
    const include = await rule({
      boostType: 'CATEGORIES_INCLUDE',
      filters: [target],
      queries: ['куртка'],
    });
    expect((await faceted('куртка')).totalHits).toBeLessThan(all.totalHits);
    await drop(include.id);
    const first = all.products[0]!;
    const hide = await rule({
      boostType: 'PRODUCTS_EXCLUDE',
      filters: [first.id],
      queries: ['куртка'],
    });
    expect((await faceted('куртка')).totalHits).toBe(all.totalHits - 1);
    await drop(hide.id);
    // a dress pinned into the jackets' list counts in their facets too
    const dress = (await search('платье')).products[0]!;
    const pin = await rule({
      boostType: 'PRODUCTS',
      filters: [dress.id],
      socket: 1,
      queries: ['куртка'],
    });
    const pinned = await faceted('куртка');
    expect(pinned.products[0]!.id).toBe(dress.id);
    expect(pinned.totalHits).toBe(all.totalHits + 1);
    await drop(pin.id);
  });

  it('partial match fires inside a longer query; rules act only inside their period', async () => {
    const before = await search('платье вечернее');
    const last = before.products.at(-1)!.id;
    const partial = await rule({ boostType: 'PRODUCTS', filters: [last], socket: 1 });
    expect((await search('Платье  ВЕЧЕРНЕЕ')).products[0]!.id).toBe(last);
    await drop(partial.id);
    const zone = 'Europe/Moscow';
    const local = (ms: number) => toLocal(new Date(Date.now() + ms), zone);
    const future = await rule({
      boostType: 'PRODUCTS',
      filters: [last],
      socket: 1,
      startDate: local(3_600_000),
    });
    expect(future.live).toBe(false);
    expect((await search('платье вечернее')).products[0]!.id).not.toBe(last);
    await drop(future.id);
    const ended = await rule({
      boostType: 'PRODUCTS',
      filters: [last],
      socket: 1,
      startDate: local(-7_200_000),
      endDate: local(-60_000 * 2),
    });
    expect((await search('платье вечернее')).products[0]!.id).not.toBe(last);
    await drop(ended.id);
    // on now (to the minute), no end: stays on
    const running = await rule({
      boostType: 'PRODUCTS',
      filters: [last],
      socket: 1,
      startDate: local(-60_000),
      endDate: null,
    });
    expect(running.live).toBe(true);
    expect((await search('платье вечернее')).products[0]!.id).toBe(last);
    // an end a minute away: the rule stops when it passes (moved into the past in the database)
    await server.database.db.execute(
      sql`update merch_boost_rules set end_at = now() - interval '1 second' where id = ${running.id}`,
    );
    expect((await search('платье вечернее')).products[0]!.id).not.toBe(last);
    await drop(running.id);
  });

  it('search and autocomplete flags pick where a rule acts', async () => {
    const ac = async () =>
      autocompleteResponse.parse(
        await publicGet('/public/autocomplete', { st: 'платье', productsSize: '5' }),
      );
    const before = await search('платье');
    const target = before.products[15]!.id;
    const onlyAc = await rule({
      boostType: 'PRODUCTS',
      filters: [target],
      socket: 1,
      ranking: false,
      autocomplete: true,
    });
    expect((await search('платье')).products[0]!.id).not.toBe(target);
    expect((await ac()).products[0]!.id).toBe(target);
    await drop(onlyAc.id);
    expect((await ac()).products[0]!.id).not.toBe(target);
  });

  it('a redirect rule is answered with url and mobileUrl; the upload reports bad rows', async () => {
    await admin.call(createRedirectRoute, {
      query: { siteId },
      body: {
        query: 'Доставка',
        url: 'https://shop.example.ru/delivery',
        mobileUrl: null,
        name: 'Доставка',
      },
    });
    expect((await search('доставка')).redirect).toEqual({
      url: 'https://shop.example.ru/delivery',
      mobileUrl: null,
    });
    expect((await search('платье')).redirect).toBeNull();
    const dup = await failure(
      admin.call(createRedirectRoute, {
        query: { siteId },
        body: { query: 'доставка', url: '/x', mobileUrl: null, name: null },
      }),
    );
    expect(dup.status).toBe(409);
    const bad = await failure(
      admin.call(createRedirectRoute, {
        query: { siteId },
        body: { query: 'оплата', url: 'ftp://x', mobileUrl: null, name: null },
      }),
    );
    expect(bad.status).toBe(400);
    const csv = [
      'query,url,mobileUrl,name',
      'оплата,https://shop.example.ru/pay,https://m.shop.example.ru/pay,Оплата',
      'возврат,not-a-url,,Возврат',
      'гарантия,/warranty,,',
      'Оплата,/pay-again,,',
    ].join('\n');
    const { status, body } = await upload(
      admin,
      `/api/merchandising/redirect/upload?siteId=${siteId}`,
      {
        name: 'redirects.csv',
        text: csv,
      },
    );
    expect(status).toBe(200);
    expect(body.total).toBe(4);
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r) => [r.line, r.id])).toEqual([
      [3, 'возврат'],
      [5, 'Оплата'],
    ]);
    expect((await search('оплата')).redirect).toEqual({
      url: 'https://shop.example.ru/pay',
      mobileUrl: 'https://m.shop.example.ru/pay',
    });
    expect((await search('гарантия')).redirect?.url).toBe('/warranty');
    const listed = await admin.call(redirectFilterRoute, {
      query: { siteId },
      body: { text: 'pay' },
    });
    expect(listed.items.map((r) => r.query)).toEqual(['оплата']);
  });

  it('uploads boosts by products and by attributes: good, bad and mixed rows', async () => {
    const products = (await search('свитер')).products;
    const [a, b] = [products[5]!.id, products[6]!.id];
    const csv = [
      'boostName;query;productId;productIdOrder',
      `Свитера;свитер;${b};1`,
      `Свитера;свитер;${a};0`,
      'Свитера;свитер;no-such-product;2',
      ';свитер;x;0',
    ].join('\n');
    const good = await upload(
      admin,
      `/api/merchandising/boosting/upload?siteId=${siteId}&layout=PRODUCTS`,
      { name: 'boosts.csv', text: csv },
    );
    expect(good.status).toBe(200);
    expect(good.body.accepted).toBe(2);
    expect(good.body.rejected.map((r) => r.line)).toEqual([4, 5]);
    expect(good.body.rejected[0]!.reason).toMatch(/Unknown product no-such-product/);
    expect(ids(await search('свитер')).slice(0, 2)).toEqual([a, b]);

    const attrs = [
      'boostName,query,attributeName,attributeValues,weight',
      'Цвет,свитер,Цвет,красный;синий,2',
      'Плохой вес,свитер,Цвет,красный,abc',
    ].join('\n');
    const mixed = await upload(
      admin,
      `/api/merchandising/boosting/upload?siteId=${siteId}&layout=ATTRIBUTES`,
      { name: 'attrs.csv', text: attrs },
    );
    expect(mixed.body.accepted).toBe(1);
    expect(mixed.body.rejected).toHaveLength(1);
    const found = await admin.call(boostCriteriaRoute, {
      query: { siteId, query: 'свитер', offset: 0, limit: 50 },
      body: { filters: { boostType: 'ATTRIBUTES' } },
    });
    expect(found.items.map((r) => [r.name, r.attributeName, r.filters])).toEqual([
      ['Цвет', 'Цвет', ['красный', 'синий']],
    ]);
    const byProduct = await admin.call(boostCriteriaRoute, {
      query: { siteId, offset: 0, limit: 50 },
      body: { productExternalId: a },
    });
    expect(byProduct.items.map((r) => r.name)).toEqual(['Свитера']);
    const one = await admin.call(getBoostRuleRoute, {
      params: { id: byProduct.items[0]!.id },
      query: { siteId, boostType: 'PRODUCTS' },
    });
    expect(one.socket).toBe(1);
    const missingColumn = await upload(
      admin,
      `/api/merchandising/boosting/upload?siteId=${siteId}&layout=PRODUCTS`,
      { name: 'x.csv', text: 'query,productId\nсвитер,1' },
    );
    expect(missingColumn.status).toBe(400);
    for (const r of [...found.items, ...byProduct.items]) await drop(r.id);
  });

  it('uploads boosts without ?layout=: the header says by products or by attributes (spec part 2 §7)', async () => {
    const products = (await search('свитер')).products;
    const pinned = products[7]!.id;
    const byProducts = await upload(admin, `/api/merchandising/boosting/upload?siteId=${siteId}`, {
      name: 'boosts.csv',
      text: `boostName;query;productId;productIdOrder\nПин;свитер;${pinned};0`,
    });
    expect(byProducts.status).toBe(200);
    expect(byProducts.body.accepted).toBe(1);
    expect(ids(await search('свитер'))[0]).toBe(pinned);

    const byAttributes = await upload(
      admin,
      `/api/merchandising/boosting/upload?siteId=${siteId}`,
      {
        name: 'attrs.csv',
        text: 'boostName,query,attributeName,attributeValues,weight\nБез раскладки,свитер,Цвет,синий,3',
      },
    );
    expect(byAttributes.status).toBe(200);
    expect(byAttributes.body.accepted).toBe(1);
    const found = await admin.call(boostCriteriaRoute, {
      query: { siteId, query: 'свитер', offset: 0, limit: 50 },
      body: {},
    });
    const names = found.items.map((r) => [r.name, r.boostType]);
    expect(names).toContainEqual(['Пин', 'PRODUCTS']);
    expect(names).toContainEqual(['Без раскладки', 'ATTRIBUTES']);

    const neither = await upload(admin, `/api/merchandising/boosting/upload?siteId=${siteId}`, {
      name: 'x.csv',
      text: 'boostName,query\nX,свитер',
    });
    expect(neither.status).toBe(400);
    const both = await upload(admin, `/api/merchandising/boosting/upload?siteId=${siteId}`, {
      name: 'x.csv',
      text: 'boostName,query,productId,attributeName\nX,свитер,1,Цвет',
    });
    expect(both.status).toBe(400);
    for (const r of found.items) await drop(r.id);
  });

  it('the products and products-exclude calls, and the preview with and without the rules', async () => {
    const before = await search('джинсы');
    const target = before.products[8]!.id;
    const hidden = before.products[0]!.id;
    await admin.call(boostProductsRoute, {
      query: { siteId },
      body: { query: 'джинсы', productIds: [target], socket: 1 },
    });
    await admin.call(excludeProductsRoute, {
      query: { siteId },
      body: { query: 'джинсы', productIds: [hidden] },
    });
    const preview = await admin.call(searchPreviewRoute, {
      query: { siteId, query: 'джинсы', size: 20 },
    });
    expect(preview.with[0]!.id).toBe(target);
    expect(preview.with.map((p) => p.id)).not.toContain(hidden);
    expect(preview.without.map((p) => p.id)).toEqual(ids(before));
    expect(preview.fired.map((f) => f.type).sort()).toEqual(['PRODUCTS', 'PRODUCTS_EXCLUDE']);
    const rules = await admin.call(boostCriteriaRoute, {
      query: { siteId, query: 'джинсы', offset: 0, limit: 20 },
      body: { filters: {} },
    });
    for (const r of rules.items) await drop(r.id);
  });

  it('bad input answers 400 and changes nothing; an unknown product shows as an error', async () => {
    const count = async () =>
      (
        await admin.call(boostCriteriaRoute, {
          query: { siteId, offset: 0, limit: 1 },
          body: { filters: {} },
        })
      ).total;
    const n = await count();
    for (const body of [
      { name: 'x', boostType: 'PRODUCTS', queries: [], filters: ['1'] },
      { name: 'x', boostType: 'ATTRIBUTES', queries: ['a'], filters: ['1'] },
      { name: 'x', boostType: 'NOPE', queries: ['a'], filters: ['1'] },
      {
        name: 'x',
        boostType: 'BRANDS',
        queries: ['a'],
        filters: ['1'],
        startDate: '2026-05-01T10:00',
        endDate: '2026-04-01T10:00',
      },
      { name: 'x', boostType: 'BRANDS', queries: ['!!!'], filters: ['1'] },
    ]) {
      const error = await failure(
        admin.call(createBoostRuleRoute, { query: { siteId }, body: body as BoostRuleInput }),
      );
      expect(error.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(n);
    const broken = await rule({ boostType: 'PRODUCTS', filters: ['no-such-id'] });
    expect(broken.error).toMatch(/no-such-id/);
    await drop(broken.id);
  });

  it('recommendation rules: FILTER, HARD and PIN in priority order, in their slot only', async () => {
    const recs = async (extra: Record<string, string> = {}) =>
      recommendationsResponse.parse(
        await publicGet('/public/recommendations', { strategy: 'popular', size: '10', ...extra }),
      );
    const before = await recs();
    const [first, second] = [before.products[0]!, before.products[1]!];
    const far = (await search('куртка')).products.at(-1)!.id;
    const today = toLocal(new Date(Date.now() - 60_000), 'Europe/Moscow');
    const create = (body: Parameters<typeof admin.call<typeof createRecsRuleRoute>>[1]['body']) =>
      admin.call(createRecsRuleRoute, { query: { siteId }, body });
    const filter = await create({
      name: 'Без первого',
      priority: 1,
      startDate: today,
      boostType: 'FILTER',
      productIds: [first.id],
    });
    expect((await recs()).products.map((p) => p.id)).not.toContain(first.id);
    const hard = await create({
      name: 'Второй выше',
      priority: 2,
      startDate: today,
      boostType: 'HARD',
      categories: [],
      productIds: [before.products[5]!.id],
    });
    expect((await recs()).products[0]!.id).toBe(before.products[5]!.id);
    const pin = await create({
      name: 'Закреп',
      priority: 3,
      startDate: today,
      boostType: 'PIN',
      productIds: [far, first.id],
    });
    const ruled = await recs();
    // the pin has the highest priority: it acts last and wins, bringing back the filtered product
    expect(ruled.products.slice(0, 3).map((p) => p.id)).toEqual([
      far,
      first.id,
      before.products[5]!.id,
    ]);
    // another placement: only rules without placements or with it; a placement rule elsewhere does not act
    const placed = await create({
      name: 'Только блок 99',
      priority: 10,
      startDate: today,
      boostType: 'FILTER',
      productIds: [far],
      placements: ['99'],
    });
    expect((await recs()).products[0]!.id).toBe(far);
    expect((await recs({ blockId: '99' })).products.map((p) => p.id)).not.toContain(far);
    // a future rule does not act
    const later = await create({
      name: 'Потом',
      priority: 20,
      startDate: toLocal(new Date(Date.now() + 86_400_000), 'Europe/Moscow'),
      boostType: 'FILTER',
      productIds: [second.id, far],
    });
    expect(later.live).toBe(false);
    expect((await recs()).products[0]!.id).toBe(far);
    const listed = await admin.call(listRecsRulesRoute, {
      query: { siteId, offset: 0, limit: 100 },
    });
    expect(listed.items.map((r) => r.name)).toEqual(
      ['Потом', 'Только блок 99', 'Закреп', 'Второй выше', 'Без первого'].filter((name) =>
        listed.items.some((r) => r.name === name),
      ),
    );
    expect(listed.items[0]!.name).toBe('Потом');
    const filtered = await admin.call(filterRecsRulesRoute, {
      query: { siteId, offset: 0, limit: 100 },
      body: { placements: ['99'] },
    });
    expect(filtered.items.map((r) => r.id)).toEqual([placed.id]);
    const context = await admin.call(recsRulesContextRoute, { query: { siteId } });
    expect(context.boostTypes).toEqual(['HARD', 'PIN', 'FILTER']);
    expect(context.regions).toContain('global');
    const preview = await admin.call(recsPreviewRoute, {
      query: { siteId, strategy: 'popular', size: 10, regionId: 'global' },
    });
    expect(preview.with[0]!.id).toBe(far);
    expect(preview.without.map((p) => p.id)).toEqual(before.products.map((p) => p.id));
    expect(preview.fired.map((f) => f.name)).toEqual(['Без первого', 'Второй выше', 'Закреп']);
    const importCsv = [
      'name;priority;type;startDate;endDate;regions;products;categories;placements;strategies',
      `Импорт;5;filter;2026-01-01;;global;${second.id};;;popular`,
      'Без товаров;1;HARD;2026-01-01;;;;;;',
      'Плохой тип;1;BOOST;2026-01-01;;;1;;;',
    ].join('\n');
    const imported = await upload(admin, `/api/merchandising/recs/import?siteId=${siteId}`, {
      name: 'recs.csv',
      text: importCsv,
    });
    expect(imported.body.accepted).toBe(1);
    expect(imported.body.rejected.map((r) => r.id)).toEqual(['Без товаров', 'Плохой тип']);
    expect((await recs()).products.map((p) => p.id)).not.toContain(second.id);
    for (const r of [filter, hard, pin, placed, later])
      await admin.call(deleteRecsRuleRoute, { query: { siteId, id: r.id } });
    const left = await admin.call(listRecsRulesRoute, { query: { siteId } });
    expect(left.items.map((r) => r.name)).toEqual(['Импорт']);
    await admin.call(deleteRecsRuleRoute, { query: { siteId, id: left.items[0]!.id } });
    expect((await recs()).products.map((p) => p.id)).toEqual(before.products.map((p) => p.id));
  });

  it('custom models: a real file is required, the lists override the ranking, queries and products can be deleted', async () => {
    const model = await admin.call(createCustomModelRoute, {
      query: { siteId },
      body: { name: 'Зима' },
    });
    const noFile = await upload(admin, `/api/custom/model/upload?siteId=${siteId}`, null, {
      modelId: String(model.id),
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/TypeError/);
    const empty = await upload(
      admin,
      `/api/custom/model/upload?siteId=${siteId}`,
      { name: '', text: '' },
      {
        modelId: String(model.id),
      },
    );
    expect(empty.status, JSON.stringify(empty.body)).toBe(400);
    const before = await search('шапка');
    const [x, y] = [before.products[7]!.id, before.products[12]!.id];
    const csv = ['query,productId,position', `шапка,${y},1`, `шапка,${x},0`, 'шапка,nope,2'].join(
      '\n',
    );
    const done = await upload(
      admin,
      `/api/custom/model/upload?siteId=${siteId}`,
      { name: 'm.csv', text: csv },
      {
        modelId: String(model.id),
      },
    );
    expect(done.body.accepted).toBe(2);
    expect(done.body.rejected.map((r) => r.id)).toEqual(['nope']);
    expect(ids(await search('шапка')).slice(0, 2)).toEqual([x, y]);
    const [listed] = await admin.call(listCustomModelsRoute, { query: { siteId } });
    expect(listed!.queries).toEqual([{ query: 'шапка', productIds: [x, y] }]);
    await admin.call(deleteCustomModelProductRoute, {
      query: { siteId, modelId: model.id, productId: x },
    });
    expect(ids(await search('шапка'))[0]).toBe(y);
    await admin.call(deleteCustomModelQueryRoute, {
      query: { siteId, modelId: model.id, query: 'Шапка' },
    });
    expect(ids(await search('шапка'))).toEqual(ids(before));
  });

  it('roles: viewers read, only the config roles write; other sites stay out', async () => {
    const sales = await server.as('sales');
    const list = await sales.call(boostCriteriaRoute, {
      query: { siteId, offset: 0, limit: 5 },
      body: { filters: {} },
    });
    expect(list.total).toBeGreaterThanOrEqual(0);
    const denied = await failure(
      sales.call(createBoostRuleRoute, {
        query: { siteId },
        body: { name: 'x', boostType: 'BRANDS', queries: ['a'], filters: ['b'] },
      }),
    );
    expect(denied.status).toBe(403);
    expect((await failure(sales.call(listRecsRulesRoute, { query: { siteId } }))).status).toBe(403);
    const refused = await upload(sales, `/api/merchandising/redirect/upload?siteId=${siteId}`, {
      name: 'r.csv',
      text: 'query,url\na,/b',
    });
    expect(refused.status).toBe(403);
  });
});
