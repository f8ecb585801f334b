/**
 * The visual gate renders the shop's own products: the sample its page answers from is the
 * site's live catalog (not the storefront's fixture catalog), and its search views look for a
 * word that sample has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchParams } from '#contract/public/search.ts';
import { fixtureCatalog } from '#storefront/fixtures/catalog.ts';
import { gateCatalog } from '#server/publishing/visual-gate/catalog-sample.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { feedFileUrl, importFeed, offerXml, ymlDocument } from '#tests/helpers/catalog.ts';

const SITE = 1;
const OFFERS = [
  { id: 'b1', name: 'Багет французский', price: '120' },
  { id: 'b2', name: 'Багет с кунжутом', price: '140' },
  { id: 'c1', name: 'Круассан миндальный', price: '190' },
];

describe.each(DATABASES)('the visual gate catalog on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
  }, 180_000);
  afterAll(() => server.close());

  it('without a catalog the fixture catalog stands in, and says so', async () => {
    const catalog = await gateCatalog(server.database.db, SITE);
    expect(catalog.origin).toBe('fixture');
  });

  it("samples the site's own products, and the search views find them", async () => {
    await importFeed(
      server.database,
      SITE,
      feedFileUrl(
        ymlDocument({
          categories: '<category id="1">Хлеб</category>',
          offers: OFFERS.map((offer) => offerXml({ ...offer, category: '1' })).join('\n'),
        }),
      ),
    );
    const catalog = await gateCatalog(server.database.db, SITE);
    expect(catalog.origin).toBe('site');
    expect(catalog.products.map((product) => product.name).sort()).toEqual(
      OFFERS.map((offer) => offer.name).sort(),
    );
    const fixtureNames = new Set(fixtureCatalog(60).map((product) => product.name));
    expect(catalog.products.some((product) => fixtureNames.has(product.name))).toBe(false);
    // Pictures are drawn in place: the page has no network.
    for (const product of catalog.products)
      for (const picture of product.image_urls) expect(picture).toMatch(/^data:image\/svg\+xml/);
    // No «кроссовки» in a bakery: the views search a word of its own products.
    expect(catalog.query).toBe('багет');
    const found = await catalog.source.search(
      searchParams.parse({ st: catalog.query, apiKey: 'gate-test-key' }) as never,
    );
    expect(found.products.map((product) => product.id).sort()).toEqual(['b1', 'b2']);
  });
});
