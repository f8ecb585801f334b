/** The public storefront API suite's server (600 demo offers on site 1) and its GET calls. */
import { expect } from 'vitest';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import type { DATABASES } from '#tests/helpers/server.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

/** A server with the demo feed on site 1; site 2 stays empty. */
export async function startCatalogServer(kind: (typeof DATABASES)[number]) {
  const server = await startTestServer(kind, { work: false });
  await importFeed(server.database, 1, await demoFeedUrl({ offers: 600 }));
  const apiKey = await apiKeyOf(server.database, 1);
  const emptyKey = await apiKeyOf(server.database, 2);
  return { server, apiKey, emptyKey };
}

/** GET calls of the public API, with the site's apiKey and a storefront origin, on the current server. */
export function publicCalls(current: () => { server: TestServer; apiKey: string }) {
  const get = async (path: string, params: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ apiKey: current().apiKey, ...params }))
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
    const response = await current().server.app.inject({
      url: `${path}?${search}`,
      headers: { origin: 'https://shop.example.ru' },
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const search = async (params: Record<string, string | string[]>): Promise<SearchResponse> => {
    const answer = await get('/public/search', params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return searchResponse.parse(answer.body);
  };
  return { get, search };
}
