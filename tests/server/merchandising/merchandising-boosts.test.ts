/**
 * Merchandising rules on both databases: each boost type changes the storefront's ranks as
 * specified, periods start and end on time, redirects are answered, pins hold their socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { autocompleteResponse } from '#contract/public/autocomplete.ts';
import {
  createRedirectRoute,
  redirectFilterRoute,
  updateBoostRuleRoute,
} from '#contract/routes/merchandising.ts';
import { localToInstant, toLocal } from '#server/merchandising/time.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { merchandisingHelpers, startMerchandisingServer } from './merchandising-fixtures.ts';

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
describe.each(DATABASES)('merchandising on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  const siteId = 1;

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startMerchandisingServer(kind, siteId));
  }, 240_000);
  afterAll(() => server.close());

  const { publicGet, search, ids, rule, drop, upload } = merchandisingHelpers(siteId, () => ({
    server,
    admin,
    apiKey,
  }));

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
});
