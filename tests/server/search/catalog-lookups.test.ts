/** Catalog lookups (spec part 2 §7 "Catalog") on a small live catalog, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogAllCategoriesRoute,
  catalogAttributesRoute,
  catalogAttributeValuesRoute,
  catalogBrandsRoute,
  catalogChildCategoriesRoute,
  catalogProductsRoute,
  catalogRegionsRoute,
  catalogRootCategoriesRoute,
} from '#contract/routes/catalog-lookups.ts';
import { offerXml, ymlDocument, startCatalogServer, paramXml } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';

const SITE = 2;

const feed = ymlDocument({
  categories: `<category id="1">Одежда</category><category id="2" parentId="1">Платья</category>
    <category id="3" parentId="1">Юбки</category><category id="4">Обувь</category>`,
  offers: [
    offerXml({
      id: 'd1',
      category: '2',
      name: 'Платье летнее',
      extra: `<vendor>Sela</vendor>${paramXml('Цвет', 'красный')}${paramXml('Размер', '42')}`,
    }),
    offerXml({
      id: 'd2',
      category: '2',
      name: 'Платье вечернее 100%_шёлк',
      extra: `<vendor>Sela</vendor>${paramXml('Цвет', 'чёрный')}`,
    }),
    offerXml({
      id: 's1',
      category: '3',
      name: 'Юбка миди',
      extra: `<vendor>Zarina</vendor>${paramXml('Цвет', 'красный')}`,
    }),
    offerXml({ id: 'b1', category: '4', name: 'Кеды', extra: `<vendor>Converse</vendor>` }),
  ].join('\n'),
});

describe.each(DATABASES)('catalog lookups on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    ({ server, admin } = await startCatalogServer(kind, SITE, feed));
  });
  afterAll(() => server?.close());

  const query = { siteId: SITE };

  it('finds products by external ids (repeated or comma-separated) and by name', async () => {
    const byIds = await admin.call(catalogProductsRoute, {
      query: { ...query, externalIds: ['d1,s1', 'nope'] },
    });
    expect(byIds.map((p) => p.id).sort()).toEqual(['d1', 's1']);
    expect(byIds.find((p) => p.id === 'd1')).toMatchObject({
      name: 'Платье летнее',
      vendor: 'Sela',
      categoryId: '2',
      available: true,
    });
    const found = await admin.call(catalogProductsRoute, { query: { ...query, search: 'платье' } });
    expect(found.map((p) => p.id).sort()).toEqual(['d1', 'd2']);
    // LIKE's own characters are text, not patterns.
    expect(
      (await admin.call(catalogProductsRoute, { query: { ...query, search: '100%_ш' } })).map(
        (p) => p.id,
      ),
    ).toEqual(['d2']);
    expect(await admin.call(catalogProductsRoute, { query: { ...query, search: '_%_' } })).toEqual(
      [],
    );
  });

  it('lists attributes, their values and brands with product counts', async () => {
    expect(await admin.call(catalogAttributesRoute, { query })).toEqual([
      { name: 'Цвет', products: 3, values: 2 },
      { name: 'Размер', products: 1, values: 1 },
    ]);
    expect(
      await admin.call(catalogAttributeValuesRoute, { query: { ...query, attribute: 'Цвет' } }),
    ).toEqual([
      { value: 'красный', products: 2 },
      { value: 'чёрный', products: 1 },
    ]);
    expect(await admin.call(catalogBrandsRoute, { query: { ...query, search: 'se' } })).toEqual([
      { name: 'Sela', products: 2 },
      { name: 'Converse', products: 1 },
    ]);
  });

  it('walks the category tree: roots, children, all, search', async () => {
    const roots = await admin.call(catalogRootCategoriesRoute, { query });
    expect(roots.map((c) => [c.id, c.name, c.hasChildren, c.products])).toEqual([
      ['4', 'Обувь', false, 1],
      ['1', 'Одежда', true, 3],
    ]);
    const children = await admin.call(catalogChildCategoriesRoute, {
      query: { ...query, categoryId: '1' },
    });
    expect(children.map((c) => [c.id, c.path])).toEqual([
      ['2', ['Одежда', 'Платья']],
      ['3', ['Одежда', 'Юбки']],
    ]);
    expect((await admin.call(catalogAllCategoriesRoute, { query })).map((c) => c.id)).toEqual([
      '4',
      '1',
      '2',
      '3',
    ]);
    expect(
      (await admin.call(catalogRootCategoriesRoute, { query: { ...query, search: 'юб' } })).map(
        (c) => c.id,
      ),
    ).toEqual(['3']);
  });

  it("lists the site's regions with 'global' first", async () => {
    const regions = await admin.call(catalogRegionsRoute, { query });
    expect(regions[0]).toMatchObject({ id: 'global' });
  });

  it('answers empty lists for a site without a catalog, and refuses bad input and other roles', async () => {
    expect(
      await admin.call(catalogProductsRoute, { query: { siteId: 1, search: 'zzz-nothing' } }),
    ).toEqual([]);
    expect(
      (await failure(admin.call(catalogProductsRoute, { query: { ...query, limit: 5000 } })))
        .status,
    ).toBe(400);
    const ids = Array.from({ length: 501 }, (_, i) => `id${i}`);
    expect(
      (await failure(admin.call(catalogProductsRoute, { query: { ...query, externalIds: ids } })))
        .status,
    ).toBe(400);
    const designer = await server.as('designer');
    expect((await failure(designer.call(catalogBrandsRoute, { query }))).status).toBe(403);
  });
});
