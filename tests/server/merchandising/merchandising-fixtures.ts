/** The merchandising suite's server, storefront calls and rule helpers, shared by its test files. */
import { expect } from 'vitest';
import type { BoostRuleInput } from '#contract/entities/merchandising.ts';
import type { UploadReport } from '#contract/entities/upload.ts';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import { createBoostRuleRoute, deleteBoostRuleRoute } from '#contract/routes/merchandising.ts';
import type { DATABASES } from '#tests/helpers/server.ts';
import { startTestServer, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

export async function multipart(
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

/** A server with 1500 demo offers imported into site 1, and its admin signed in. */
export async function startMerchandisingServer(kind: (typeof DATABASES)[number], siteId: number) {
  const server = await startTestServer(kind, { work: false });
  await importFeed(server.database, siteId, await demoFeedUrl({ offers: 1500 }));
  const apiKey = await apiKeyOf(server.database, siteId);
  const admin = await server.as('admin');
  return { server, admin, apiKey };
}

/** Storefront calls, boost rules and uploads against the suite's current server. */
export function merchandisingHelpers(
  siteId: number,
  current: () => { server: TestServer; admin: TestClient; apiKey: string },
) {
  const publicGet = async (path: string, params: Record<string, string>) => {
    const { server, apiKey } = current();
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
    current().admin.call(createBoostRuleRoute, {
      query: { siteId },
      body: { name: `rule ${input.boostType}`, queries: ['платье'], ...input },
    });
  const drop = (id: number) =>
    current().admin.call(deleteBoostRuleRoute, { query: { siteId, id } });
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
  return { publicGet, search, ids, rule, drop, upload };
}
