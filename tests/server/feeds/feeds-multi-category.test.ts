/**
 * An offer under several categories and an offer's stock, imported from a small YML fixture and
 * read back through the database and the public API: the offer is found under each of its
 * categories, counted in each category facet value, and its own categories are `direct`. A
 * product grouped from several offers (group_id) has every offer's categories as its own, not
 * only its representative offer's, and the sum of their stock.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { autocompleteResponse } from '#contract/public/autocomplete.ts';
import { searchResponse } from '#contract/public/search.ts';
import { catalogOffers, catalogProducts } from '#server/platform/db/schema.ts';
import { DATABASES } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';
import { apiKeyOf, feedDir, importFeed } from '#tests/helpers/catalog.ts';

const SITE = 2;

describe.each(DATABASES)('several categories and quantity per offer on %s', (kind) => {
  const server = suiteServer(kind, { work: false });
  let apiKey: string;
  let importId: number;

  beforeAll(async () => {
    const path = join(feedDir, 'fixture-multi-category-quantity.xml');
    copyFileSync(
      new URL('../../fixtures/feeds/multi-category-quantity.xml', import.meta.url),
      path,
    );
    const summary = await importFeed(server.database, SITE, pathToFileURL(path).href);
    // k3 and n1 name unknown categories only, m1 one beside known ones: taken with a change.
    expect(summary).toMatchObject({ applied: true, offers: 8, skipped: 0, changed: 3 });
    importId = summary.importId;
    apiKey = await apiKeyOf(server.database, SITE);
  });

  const get = async (path: string, params: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ apiKey, ...params }))
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
    const response = await server.app.inject({ url: `${path}?${search}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const search = async (params: Record<string, string | string[]>) =>
    searchResponse.parse(await get('/public/search', params));
  const ids = (answer: { products: { id: string }[] }) => answer.products.map((p) => p.id).sort();

  it('stores every category of the offer and its quantity', async () => {
    const { db } = server.database;
    const offers = await db
      .select()
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, importId));
    const offer = (id: string) => offers.find((o) => o.id === id);
    expect(offer('m1')).toMatchObject({ categoryId: '4', categoryIds: ['4', '3'], quantity: 12 });
    expect(offer('m2')).toMatchObject({ categoryIds: ['2'], quantity: 0 });
    expect(offer('m3')).toMatchObject({ categoryIds: ['3'], quantity: null });
    const [product] = await db
      .select()
      .from(catalogProducts)
      .where(and(eq(catalogProducts.importId, importId), eq(catalogProducts.id, 'm1')));
    expect(product).toMatchObject({
      categoryId: '4',
      categoryIds: ['4', '3'],
      categoryPath: ['1', '2', '4', '3'],
      quantity: 12,
    });
  });

  it('finds the offer under either category filter, sub-categories included', async () => {
    expect(ids(await search({ st: 'сковорода', filter: 'categories:3' }))).toEqual(['m1']);
    expect(ids(await search({ st: 'сковорода', filter: 'categories:4' }))).toEqual(['m1']);
    expect(ids(await search({ st: 'сковорода', filter: 'categories:2' }))).toEqual(['m1', 'm2']);
    expect(ids(await search({ st: 'сковорода', filter: 'categories:3;2' }))).toEqual(['m1', 'm2']);
    expect(ids(await search({ st: 'открытка', filter: 'categories:3' }))).toEqual(['m3']);
  });

  it('counts the offer in each category facet value and marks its own categories direct', async () => {
    const answer = await search({ st: 'сковорода', withFacets: 'true' });
    expect(ids(answer)).toEqual(['m1', 'm2']);
    const counts = new Map<string, number>();
    const walk = (values: { id: string; value: number; children?: unknown }[]) => {
      for (const value of values) {
        counts.set(value.id, value.value);
        if (Array.isArray(value.children)) walk(value.children);
      }
    };
    const facet = answer.facets.find((f) => f.name === 'categoryId');
    expect(facet, JSON.stringify(answer.facets)).toBeDefined();
    walk(facet!.values as { id: string; value: number }[]);
    expect(Object.fromEntries(counts)).toEqual({ '1': 2, '2': 2, '4': 1, '3': 1 });
    const m1 = answer.products.find((p) => p.id === 'm1')!;
    expect(m1.categories.map((c) => [c.id, c.direct])).toEqual([
      ['1', false],
      ['2', false],
      ['4', true],
      ['3', true],
    ]);
    expect(m1.categoryId).toBe('4');
    expect(m1.quantity).toBe(12);
    expect(answer.products.find((p) => p.id === 'm2')!.quantity).toBe(0);
    const card = (await search({ st: 'открытка' })).products[0]!;
    expect(card.id).toBe('m3');
    expect(card).not.toHaveProperty('quantity');
  });

  it("lists each of the offer's own categories in autocomplete", async () => {
    const answer = autocompleteResponse.parse(
      await get('/public/autocomplete', { st: 'сковорода чугунная' }),
    );
    expect(answer.categories.map((c) => c.id).sort()).toEqual(['3', '4']);
  });
  it("gives a product of several offers every offer's categories, the representative's first", async () => {
    const { db } = server.database;
    const products = await db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.importId, importId));
    const product = (id: string) => products.find((p) => p.id === id);
    // k1 (the cheapest) represents k: its category leads; k3's unknown category adds nothing.
    expect(product('k')).toMatchObject({
      name: 'Чайник эмалированный красный',
      categoryId: '2',
      categoryIds: ['2', '3'],
      categoryPath: ['1', '2', '3'],
      quantity: 5,
      skuCount: 3,
    });
    // n1 represents n but names no known category: n2's is the product's, not "no category".
    expect(product('n')).toMatchObject({
      categoryId: '3',
      categoryIds: ['3'],
      categoryPath: ['3'],
      quantity: null,
    });

    expect(ids(await search({ st: 'чайник', filter: 'categories:3' }))).toEqual(['k']);
    expect(ids(await search({ st: 'чайник', filter: 'categories:2' }))).toEqual(['k']);
    expect(ids(await search({ st: 'крышка', filter: 'categories:3' }))).toEqual(['n']);
    expect(ids(await search({ st: 'крышка', filter: 'categories:~no-category' }))).toEqual([]);

    const answer = await search({ st: 'чайник', withFacets: 'true' });
    const k = answer.products.find((p) => p.id === 'k')!;
    expect(k.categories.map((c) => [c.id, c.direct])).toEqual([
      ['1', false],
      ['2', true],
      ['3', true],
    ]);
    expect(k.categoryId).toBe('2');
    expect(k.quantity).toBe(5);
    const facet = answer.facets.find((f) => f.name === 'categoryId')!;
    const flat = (values: { id: string; children?: unknown }[]): string[] =>
      values.flatMap((v) => [
        v.id,
        ...(Array.isArray(v.children) ? flat(v.children as { id: string }[]) : []),
      ]);
    expect(flat(facet.values as { id: string }[]).sort()).toEqual(['1', '2', '3']);

    const lid = (await search({ st: 'крышка' })).products[0]!;
    expect(lid.categories.map((c) => [c.id, c.direct])).toEqual([['3', true]]);
    const suggested = autocompleteResponse.parse(
      await get('/public/autocomplete', { st: 'чайник' }),
    );
    expect(suggested.categories.map((c) => c.id).sort()).toEqual(['2', '3']);
  });
});
