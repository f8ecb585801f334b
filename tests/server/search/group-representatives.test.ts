/**
 * Group representative attributes (search setting groupRepresentativeAttributes, first panel of
 * /anyquery/search/grouping-config): the SKU of a group whose values of these attributes the
 * shopper filtered by — or typed — represents the group in the search answer (its picture, price,
 * old price, availability and URL). Without them the site's representative strategy stands. On
 * PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '#contract/public/search.ts';
import {
  resetGroupRepresentativeRoute,
  saveGroupRepresentativeRoute,
} from '#contract/routes/search-config.ts';
import { offerXml, paramXml, startCatalogServer, ymlDocument } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';

const SITE = 2;

const variant = (id: string, colour: string, size: string, price: string) =>
  offerXml({
    id,
    groupId: 'dress',
    name: 'Платье летнее',
    price,
    extra:
      `<picture>https://test.example/img/${id}.jpg</picture>` +
      paramXml('Цвет', colour) +
      paramXml('Размер', size),
  });

// The cheapest available SKU (the default strategy) is the blue one.
const feed = ymlDocument({
  categories: '<category id="1">Платья</category>',
  offers: [
    variant('dress-blue-s', 'синий', 'S', '2500'),
    variant('dress-red-s', 'красный', 'S', '3200'),
    variant('dress-red-m', 'красный', 'M', '3000'),
    offerXml({
      id: 'skirt',
      name: 'Юбка летняя',
      price: '1900',
      extra: paramXml('Цвет', 'красный'),
    }),
  ].join('\n'),
});

describe.each(DATABASES)('group representative attributes on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey = '';
  const q = { siteId: SITE };

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startCatalogServer(kind, SITE, feed));
  }, 60_000);
  afterAll(() => server?.close());

  const search = async (params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `/public/search?${new URLSearchParams({ apiKey, st: 'летнее платье', ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const dress = (response.json() as SearchResponse).products.find((p) => p.id === 'dress')!;
    return { url: dress.link_url, price: dress.price, picture: dress.image_url };
  };
  const blue = {
    url: 'https://test.example/p/dress-blue-s',
    price: '2500.0',
    picture: 'https://test.example/img/dress-blue-s.jpg',
  };

  it('without the setting, a filter leaves the group its own representative', async () => {
    expect(await search({})).toEqual(blue);
    expect(await search({ filter: 'Цвет:красный' })).toEqual(blue);
  });

  it('the SKU of the filtered colour represents the group: picture, price and URL', async () => {
    const saved = await admin.call(saveGroupRepresentativeRoute, {
      query: q,
      body: { attributes: ['Цвет'] },
    });
    expect(saved.value).toEqual({ attributes: ['Цвет'] });
    // Of the red SKUs, the cheapest available (the site's representative strategy).
    expect(await search({ filter: 'Цвет:красный' })).toEqual({
      url: 'https://test.example/p/dress-red-m',
      price: '3000.0',
      picture: 'https://test.example/img/dress-red-m.jpg',
    });
    // A colour typed in the query does the same; a filter on another attribute does not.
    expect((await search({ st: 'платье красное' })).url).toBe('https://test.example/p/dress-red-m');
    expect(await search({ filter: 'Размер:S' })).toEqual(blue);
    // Two values of the attribute: either may represent it.
    expect((await search({ filter: 'Цвет:красный;синий' })).url).toBe(blue.url);
  });

  it('refuses a bad setting and changes nothing; a designer may not set it', async () => {
    expect(
      (
        await failure(
          admin.call(saveGroupRepresentativeRoute, {
            query: q,
            body: { attributes: ['Цвет', 'Цвет'] },
          }),
        )
      ).status,
    ).toBe(400);
    const designer = await server.as('designer');
    expect(
      (
        await failure(
          designer.call(saveGroupRepresentativeRoute, {
            query: q,
            body: { attributes: [] },
          }),
        )
      ).status,
    ).toBe(403);
    expect((await search({ filter: 'Цвет:красный' })).url).toBe(
      'https://test.example/p/dress-red-m',
    );
    await admin.call(resetGroupRepresentativeRoute, { query: q });
    expect(await search({ filter: 'Цвет:красный' })).toEqual(blue);
  });
});
