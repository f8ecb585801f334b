/**
 * Rules that do nothing say so, on both databases: the boost and recommendation rule lists give
 * the effective state (`live`) and the reason a rule cannot act (`issues`), checked against what
 * the storefront answers; and a stemmer exclusion acts as the page's help says («шапки» does not
 * find «шапка»).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BoostRuleInput, RecsRuleInput } from '#contract/entities/merchandising.ts';
import type { ApiParams } from '#contract/entities/search-config.ts';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import {
  boostCriteriaRoute,
  createBoostRuleRoute,
  createRecsRuleRoute,
  deleteBoostRuleRoute,
  deleteRecsRuleRoute,
  getBoostRuleRoute,
  listRecsRulesRoute,
} from '#contract/routes/merchandising.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import { SETTING_ROUTES } from '#contract/routes/search-config.ts';
import { toLocal } from '#server/merchandising/time.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

describe.each(DATABASES)('rule status and stemmer exclusions on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  const siteId = 1;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, siteId, await demoFeedUrl({ offers: 600 }));
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
      await publicGet('/public/search', { st, size: '200', withFacets: 'false', ...extra }),
    );
  const recs = async () =>
    recommendationsResponse.parse(
      await publicGet('/public/recommendations', { strategy: 'popular', size: '10' }),
    );
  const boost = (input: Partial<BoostRuleInput> & Pick<BoostRuleInput, 'boostType' | 'filters'>) =>
    admin.call(createBoostRuleRoute, {
      query: { siteId },
      body: { name: `rule ${input.boostType}`, queries: ['шапка'], fullMatch: true, ...input },
    });
  /** Takes a product of the live catalog out of stock. */
  const soldOut = (id: string) =>
    server.database.db.execute(
      sql`update catalog_products set available = false where id = ${id}
            and import_id = (select import_id from catalogs where site_id = ${siteId})`,
    );
  const today = () => toLocal(new Date(Date.now() - 60_000), 'Europe/Moscow');
  const recsRule = (input: Partial<RecsRuleInput> & Pick<RecsRuleInput, 'boostType'>) =>
    admin.call(createRecsRuleRoute, {
      query: { siteId },
      body: { name: `recs ${input.boostType}`, startDate: today(), ...input },
    });

  it('a stemmer exclusion «шапки» stops finding «шапка»', async () => {
    const stemmed = await search('шапки');
    expect(stemmed.totalHits).toBeGreaterThan(0);
    expect(stemmed.products.some((p) => /шапка/iu.test(p.name))).toBe(true);
    const entry = await admin.call(QUERY_LIST_ROUTES['stemmer-exclusions'].add, {
      query: { siteId },
      body: { term: 'шапки' },
    });
    const exact = await search('шапки');
    // Every product of the category «Шапки» is named «Шапка …»: none is the word itself.
    expect(exact.products.filter((p) => /шапка/iu.test(p.name)).map((p) => p.name)).toEqual([]);
    expect(exact.totalHits).toBeLessThan(stemmed.totalHits);
    // The singular is not excluded: it still finds the hats by their stem.
    expect((await search('шапка')).totalHits).toBe(stemmed.totalHits);
    await admin.call(QUERY_LIST_ROUTES['stemmer-exclusions'].remove, {
      query: { siteId },
      body: { ids: [entry.id] },
    });
    expect((await search('шапки')).totalHits).toBe(stemmed.totalHits);
  });

  it('a search pin of an out-of-stock product acts, with a warning naming it', async () => {
    const hats = await search('шапка');
    const out = hats.products.at(-1)!;
    const inStock = hats.products.find((p) => p.available && p.id !== out.id)!;
    await soldOut(out.id);
    const pin = await boost({ boostType: 'PRODUCTS', filters: [out.id], socket: 1 });
    expect((await search('шапка')).products[0]!.id).toBe(out.id);
    expect(pin.live).toBe(true);
    expect(pin.issues).toEqual([{ code: 'UNAVAILABLE_SHOWN', items: [out.id], blocking: false }]);
    const fine = await boost({ boostType: 'PRODUCTS', filters: [inStock.id], socket: 2 });
    expect(fine).toMatchObject({ live: true, issues: [] });
    // A site whose search hides out-of-stock products: the pin then does nothing, and says so.
    const apiParams = (await admin.call(SETTING_ROUTES['api-params'].get, { query: { siteId } }))
      .value as ApiParams;
    await admin.call(SETTING_ROUTES['api-params'].save, {
      query: { siteId },
      body: { ...apiParams, showUnavailable: false },
    });
    expect((await search('шапка')).products.map((p) => p.id)).not.toContain(out.id);
    const hidden = await admin.call(getBoostRuleRoute, {
      params: { id: pin.id },
      query: { siteId },
    });
    expect(hidden.live).toBe(false);
    expect(hidden.issues).toEqual([
      { code: 'UNAVAILABLE_HIDDEN', items: [out.id], blocking: true },
    ]);
    await admin.call(SETTING_ROUTES['api-params'].reset, { query: { siteId } });
    // The list answers the same state.
    const listed = await admin.call(boostCriteriaRoute, {
      query: { siteId, query: 'шапка', offset: 0, limit: 50 },
      body: { filters: {} },
    });
    expect(listed.items.find((r) => r.id === pin.id)!.issues[0]!.code).toBe('UNAVAILABLE_SHOWN');
    for (const r of [pin, fine])
      await admin.call(deleteBoostRuleRoute, { query: { siteId, id: r.id } });
  });

  it('boost rules that cannot act are not live, with the reason', async () => {
    const before = await search('шапка');
    const ghost = await boost({ boostType: 'PRODUCTS', filters: ['no-such-id'], socket: 1 });
    expect(ghost.live).toBe(false);
    expect(ghost.issues).toEqual([{ code: 'MISSING', items: ['no-such-id'], blocking: true }]);
    const nowhere = await boost({
      boostType: 'PRODUCTS',
      filters: [before.products[5]!.id],
      socket: 1,
      ranking: false,
      autocomplete: false,
    });
    expect(nowhere.live).toBe(false);
    expect(nowhere.issues.map((i) => i.code)).toEqual(['NO_SURFACE']);
    // Neither moves anything on the storefront.
    expect((await search('шапка')).products.map((p) => p.id)).toEqual(
      before.products.map((p) => p.id),
    );
    const off = await boost({
      boostType: 'BRANDS',
      filters: [before.products[0]!.brand!],
      status: false,
    });
    expect(off.live).toBe(false);
    expect(off.issues.map((i) => i.code)).toEqual(['DISABLED']);
    const later = await boost({
      boostType: 'BRANDS',
      filters: [before.products[0]!.brand!],
      startDate: toLocal(new Date(Date.now() + 86_400_000), 'Europe/Moscow'),
    });
    expect(later.live).toBe(false);
    expect(later.issues.map((i) => i.code)).toEqual(['NOT_STARTED']);
    for (const r of [ghost, nowhere, off, later])
      await admin.call(deleteBoostRuleRoute, { query: { siteId, id: r.id } });
  });

  it('a recommendation pin of an out-of-stock product does nothing and says why', async () => {
    const before = await recs();
    const out = (await search('шапка')).products.at(-3)!;
    await soldOut(out.id);
    const pin = await recsRule({ boostType: 'PIN', productIds: [out.id] });
    expect(pin.live).toBe(false);
    expect(pin.issues).toEqual([{ code: 'UNAVAILABLE_HIDDEN', items: [out.id], blocking: true }]);
    // … and indeed the storefront's recommendations are unchanged.
    expect((await recs()).products.map((p) => p.id)).toEqual(before.products.map((p) => p.id));
    const listed = await admin.call(listRecsRulesRoute, { query: { siteId } });
    expect(listed.items.find((r) => r.id === pin.id)).toMatchObject({ live: false });

    // With one product it can show, the pin acts and still names the one it cannot.
    const inStock = before.products.at(-1)!;
    const mixed = await recsRule({ boostType: 'PIN', productIds: [out.id, inStock.id] });
    expect(mixed.live).toBe(true);
    expect(mixed.issues).toEqual([
      { code: 'UNAVAILABLE_HIDDEN', items: [out.id], blocking: false },
    ]);
    expect((await recs()).products[0]!.id).toBe(inStock.id);
    const ghost = await recsRule({ boostType: 'HARD', productIds: ['no-such-id'] });
    expect(ghost).toMatchObject({
      live: false,
      issues: [{ code: 'MISSING', items: ['no-such-id'], blocking: true }],
    });
    for (const r of [pin, mixed, ghost])
      await admin.call(deleteRecsRuleRoute, { query: { siteId, id: r.id } });
  });
});
