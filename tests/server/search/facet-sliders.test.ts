/**
 * Automatic numeric facets: a number attribute with many values (more than
 * AUTOMATIC_SLIDER_VALUES among the matching products) answers as a SLIDER with its bounds, and
 * its range filter as the selected bounds; one of few values stays a list (NUM_DISTINCT). On
 * PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '#contract/public/search.ts';
import { AUTOMATIC_SLIDER_VALUES } from '#server/search/facets.ts';
import { offerXml, paramXml, startCatalogServer, ymlDocument } from '#tests/helpers/catalog.ts';
import { DATABASES, type TestServer } from '#tests/helpers/server.ts';

const SITE = 2;
const COUNT = AUTOMATIC_SLIDER_VALUES + 5;

const feed = ymlDocument({
  categories: '<category id="1">Доски</category>',
  offers: Array.from({ length: COUNT }, (_, i) =>
    offerXml({
      id: `b${i}`,
      name: `Доска обрезная ${i}`,
      extra: paramXml('Длина', String(100 + i)) + paramXml('Толщина', String(20 + (i % 3) * 5)),
    }),
  ).join('\n'),
});

describe.each(DATABASES)('automatic numeric facets on %s', (kind) => {
  let server: TestServer;
  let apiKey = '';

  beforeAll(async () => {
    ({ server, apiKey } = await startCatalogServer(kind, SITE, feed));
  }, 60_000);
  afterAll(() => server?.close());

  const search = async (params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `/public/search?${new URLSearchParams({ apiKey, st: 'доска', size: '50', ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResponse;
  };
  const facet = (answer: SearchResponse, name: string) =>
    answer.facets.find((f) => f.name === name);

  it('a number of many values is a slider over its bounds; one of few, a list', async () => {
    const answer = await search({});
    expect(facet(answer, 'Длина')).toMatchObject({
      dataType: 'SLIDER',
      values: [
        { id: 'min', value: 100 },
        { id: 'max', value: 100 + COUNT - 1 },
      ],
      selectedMin: null,
      selectedMax: null,
    });
    expect(facet(answer, 'Толщина')).toMatchObject({
      dataType: 'NUM_DISTINCT',
      values: [
        { id: '20', value: 9 },
        { id: '25', value: 8 },
        { id: '30', value: 8 },
      ],
    });
  });

  it('its range filter narrows the results and is answered as the selected bounds', async () => {
    const answer = await search({ filter: 'Длина:105..110' });
    expect(answer.totalHits).toBe(6);
    expect(facet(answer, 'Длина')).toMatchObject({
      dataType: 'SLIDER',
      selectedMin: 105,
      selectedMax: 110,
      // Counted without its own filter: the bounds stay those of every match.
      values: [{ value: 100 }, { value: 100 + COUNT - 1 }],
    });
  });
});
