/**
 * On both databases: the `explain` flag of /public/search and /public/autocomplete
 * for console users only, and the before/after preview of an unsaved list change (nothing written).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { autocompleteResponse } from '#contract/public/autocomplete.ts';
import { searchResponse } from '#contract/public/search.ts';
import { compareQueryRoute, QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import { offerXml, ymlDocument, startCatalogServer } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { run } from '#server/platform/db/sql.ts';

const SITE = 2;
const R = QUERY_LIST_ROUTES;

const feed = ymlDocument({
  categories: `<category id="1">Одежда</category>`,
  offers: [
    offerXml({ id: 's1', category: '1', name: 'Свитшот серый', price: '2000' }),
    offerXml({ id: 's2', category: '1', name: 'Свитшот синий', price: '2100' }),
    offerXml({ id: 'k1', category: '1', name: 'Кепка летняя', price: '700' }),
  ].join('\n'),
});

describe.each(DATABASES)('explain and the before/after preview on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  const query = { siteId: SITE };

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startCatalogServer(kind, SITE, feed));
  }, 180_000);
  afterAll(() => server?.close());

  const url = (path: string, params: Record<string, string>) =>
    `${path}?${new URLSearchParams({ apiKey, ...params })}`;
  const entries = async () =>
    (
      await run<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from query_list_entries`,
      )
    ).rows[0]!.n;

  it('explain answers the pipeline to a console user, never to an apiKey alone', async () => {
    const synonym = await admin.call(R.synonyms.add, {
      query,
      body: { term: 'худи', variants: ['свитшот'] },
    });
    // A shopper (no session) asking for explain: refused, nothing leaks.
    const anonymous = await server.app.inject({
      url: url('/public/search', { st: 'худи', explain: 'true' }),
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.body).not.toContain('synonyms');
    // Without the flag the shopper's answer carries no explain.
    const plain = searchResponse.parse(
      (await server.app.inject({ url: url('/public/search', { st: 'худи' }) })).json(),
    );
    expect(plain.explain).toBeUndefined();
    expect(plain.totalHits).toBe(2);
    // A console user without the query lists' roles: refused too.
    const client = await server.as('client');
    const noRole = await client.raw({
      method: 'GET',
      url: url('/public/search', { st: 'худи', explain: 'true' }),
    });
    expect(noRole.statusCode).toBe(403);
    // The operator sees each step.
    const explained = await admin.raw({
      method: 'GET',
      url: url('/public/search', { st: 'Худи', explain: 'true' }),
    });
    expect(explained.statusCode).toBe(200);
    const answer = searchResponse.parse(explained.json());
    expect(answer.explain!.rewritten).toBe('(худи | свитшот)');
    expect(answer.explain!.steps.map((s) => s.step)).toEqual([
      'normalise',
      'transliteration',
      'black list',
      'white list',
      'brands',
      'synonyms',
      'stemming',
    ]);
    expect(answer.totalHits).toBe(2);
    const ac = await admin.raw({
      method: 'GET',
      url: url('/public/autocomplete', { st: 'худи', explain: '1' }),
    });
    expect(ac.statusCode).toBe(200);
    expect(autocompleteResponse.parse(ac.json()).explain!.steps[0]).toEqual({
      step: 'normalise',
      output: 'худи',
      note: null,
    });
    const acAnonymous = await server.app.inject({
      url: url('/public/autocomplete', { st: 'худи', explain: '1' }),
    });
    expect(acAnonymous.statusCode).toBe(403);
    await admin.call(R.synonyms.remove, { query, body: { ids: [synonym.id] } });
  });

  it('compares what a query gets now and with an unsaved synonym, writing nothing', async () => {
    const before = await entries();
    const answer = await admin.call(compareQueryRoute, {
      query,
      body: {
        st: 'худи',
        list: 'synonyms',
        change: { op: 'add', term: 'худи', variants: ['свитшот'], mode: 'two-way' },
      },
    });
    expect(answer.before.total).toBe(0);
    expect(answer.after.total).toBe(2);
    expect(answer.after.rewritten).toBe('(худи | свитшот)');
    expect(answer.after.products.map((p) => p.id).sort()).toEqual(['s1', 's2']);
    expect(await entries()).toBe(before);
    // The shoppers still get nothing for it.
    const live = searchResponse.parse(
      (await server.app.inject({ url: url('/public/search', { st: 'худи' }) })).json(),
    );
    expect(live.totalHits).toBe(0);
  });

  it('compares a black-list entry with its deletion, and an edit of it', async () => {
    const entry = await admin.call(R['black-list'].add, { query, body: { term: 'кепка' } });
    const deleted = await admin.call(compareQueryRoute, {
      query,
      body: { st: 'кепка', list: 'black-list', change: { op: 'delete', ids: [entry.id] } },
    });
    expect(deleted.before).toMatchObject({ blocked: true, total: 0 });
    expect(deleted.after).toMatchObject({ blocked: false, total: 1 });
    const edited = await admin.call(compareQueryRoute, {
      query,
      body: {
        st: 'кепка',
        list: 'black-list',
        change: { op: 'update', id: entry.id, term: 'панама' },
      },
    });
    expect(edited.after.total).toBe(1);
    // Still blocked for the shoppers: nothing was saved.
    const live = searchResponse.parse(
      (await server.app.inject({ url: url('/public/search', { st: 'кепка' }) })).json(),
    );
    expect(live.totalHits).toBe(0);
    await admin.call(R['black-list'].remove, { query, body: { ids: [entry.id] } });
  });

  it('refuses a change its list would refuse, and readers without the roles', async () => {
    const bad = await failure(
      admin.call(compareQueryRoute, {
        query,
        body: { st: 'худи', list: 'synonyms', change: { op: 'add', term: 'худи', variants: [] } },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('synonym needs at least one other term');
    const unknown = await failure(
      admin.call(compareQueryRoute, {
        query,
        body: { st: 'x', list: 'black-list', change: { op: 'update', id: 999_999, term: 'y' } },
      }),
    );
    expect(unknown.status).toBe(404);
    const client = await server.as('client');
    const refused = await failure(
      client.call(compareQueryRoute, {
        query,
        body: { st: 'худи', list: 'synonyms', change: { op: 'delete', ids: [1] } },
      }),
    );
    expect(refused.status).toBe(403);
  });
});
