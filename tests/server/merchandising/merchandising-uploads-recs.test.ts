/**
 * Merchandising on both databases: the three CSV layouts with good, bad and mixed rows,
 * recommendation rules in priority order, custom models override the ranking, and the roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoostRuleInput } from '#contract/entities/merchandising.ts';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import {
  boostCriteriaRoute,
  boostProductsRoute,
  createBoostRuleRoute,
  createCustomModelRoute,
  createRecsRuleRoute,
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
  searchPreviewRoute,
} from '#contract/routes/merchandising.ts';
import { toLocal } from '#server/merchandising/time.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { merchandisingHelpers, startMerchandisingServer } from './merchandising-fixtures.ts';

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
