/**
 * The query lists' calls (spec part 2 §7) on both databases, and each list acting on the public
 * search and autocomplete of the demo catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import { autocompleteResponse, type AutocompleteResponse } from '#contract/public/autocomplete.ts';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import {
  deleteTransliterationRoute,
  explainQueryRoute,
  QUERY_LIST_ROUTES,
  searchTransliterationsRoute,
} from '#contract/routes/query-lists.ts';
import { auditLog, queryListEntries } from '#server/platform/db/schema.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

const R = QUERY_LIST_ROUTES;

describe.each(DATABASES)('query lists on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  const q = { siteId: 1 };

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 600 }));
    apiKey = await apiKeyOf(server.database, 1);
    admin = await server.as('admin');
    // Importing the demo feed into the embedded database takes over a minute on a loaded machine.
  }, 240_000);
  afterAll(() => server.close());

  const get = async (path: string, params: Record<string, string>) => {
    const search = new URLSearchParams({ apiKey, ...params });
    const response = await server.app.inject({ url: `${path}?${search}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  const search = async (st: string, extra: Record<string, string> = {}): Promise<SearchResponse> =>
    searchResponse.parse(await get('/public/search', { st, size: '50', ...extra }));
  const autocomplete = async (st: string): Promise<AutocompleteResponse> =>
    autocompleteResponse.parse(await get('/public/autocomplete', { st }));

  async function upload(
    client: TestClient,
    path: string,
    file: { name: string; bytes: string | Uint8Array<ArrayBuffer> },
    fields: Record<string, string> = {},
    params: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([file.bytes]), file.name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return client.raw({
      method: 'POST',
      url: `/api${path}?${new URLSearchParams({ siteId: '1', ...params })}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        'content-type': request.headers.get('content-type')!,
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
    });
  }

  const entryCount = async () =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(queryListEntries))[0]!
      .n;

  it('a two-way synonym makes a query with no hits find the other term', async () => {
    expect((await search('худи')).totalHits).toBe(0);
    const entry = await admin.call(R.synonyms.add, {
      query: q,
      body: { term: 'Худи', variants: ['свитер'], mode: 'two-way' },
    });
    expect(entry).toMatchObject({
      term: 'Худи',
      variants: ['свитер'],
      enabled: true,
      siteCount: 1,
    });
    const found = await search('худи');
    expect(found.totalHits).toBeGreaterThan(0);
    expect(found.products.every((p) => /свитер/i.test(p.name))).toBe(true);
    // Two-way: 'свитер' also finds what 'худи' would (still the sweaters).
    expect((await search('свитер')).totalHits).toBe(found.totalHits);
    // Disabled on the site, it stops acting at once (the cache is dropped).
    await admin.call(R.synonyms.enable, { query: q, body: { ids: [entry.id], enabled: false } });
    expect((await search('худи')).totalHits).toBe(0);
    await admin.call(R.synonyms.enable, { query: q, body: { ids: [entry.id], enabled: true } });
    // Edited into one-way from 'худи', then deleted.
    const edited = await admin.call(R.synonyms.update!, {
      query: q,
      body: { id: entry.id, term: 'худи', variants: ['куртка'], mode: 'one-way' },
    });
    expect(edited.mode).toBe('one-way');
    expect((await search('худи')).products.every((p) => /куртк/i.test(p.name))).toBe(true);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.entity, 'query-list:synonyms'));
    expect(audit.map((a) => a.action)).toEqual(['create', 'disable', 'enable', 'update']);
    await admin.call(R.synonyms.remove, { query: q, body: { ids: [entry.id] } });
    expect((await search('худи')).totalHits).toBe(0);
  });

  it('a black-listed query answers nothing; a black-listed word is dropped', async () => {
    expect((await search('куртка')).totalHits).toBeGreaterThan(0);
    const entry = await admin.call(R['black-list'].add, {
      query: q,
      body: { term: 'куртка', mode: 'query' },
    });
    expect((await search('Куртка')).totalHits).toBe(0);
    expect((await autocomplete('куртка')).products).toEqual([]);
    expect((await search('куртка женщинам')).totalHits).toBeGreaterThan(0);
    const word = await admin.call(R['black-list'].add, {
      query: q,
      body: { term: 'дешево', mode: 'word' },
    });
    expect((await search('платье дешево')).totalHits).toBe((await search('платье')).totalHits);
    await admin.call(R['black-list'].remove, { query: q, body: { ids: [entry.id, word.id] } });
    expect((await search('куртка')).totalHits).toBeGreaterThan(0);
  });

  it('the wrong keyboard layout and transliteration pairs find the products', async () => {
    const typed = await search('rhjccjdrb');
    expect(typed.totalHits).toBeGreaterThan(0);
    expect(typed.products[0]!.name).toMatch(/Кроссовки/);
    // The Russian letters on the Latin layout's punctuation keys: ж on ';', б on ','.
    const jeans = await search('l;bycs');
    expect(jeans.totalHits).toBeGreaterThan(0);
    expect(jeans.totalHits).toBe((await search('джинсы')).totalHits);
    expect((await search(',jnbyrb')).products[0]!.name).toMatch(/Ботинки/);
    expect((await search('jacket')).totalHits).toBe(0);
    const pair = await admin.call(R.transliterations.add, {
      query: q,
      body: { term: 'jacket', variants: ['куртка'] },
    });
    expect((await search('jacket')).totalHits).toBe((await search('куртка')).totalHits);
    const listed = await admin.call(searchTransliterationsRoute, {
      query: { ...q, query: 'jack' },
    });
    expect(listed.map((e) => e.id)).toEqual([pair.id]);
    await admin.call(deleteTransliterationRoute, { query: q, params: { id: pair.id } });
    expect((await search('jacket')).totalHits).toBe(0);
  });

  it('a brand filters by vendor; a brand exclusion keeps the word a word', async () => {
    await admin.call(R.brands.add, { query: q, body: { term: 'Kari', variants: ['кари'] } });
    const kari = await search('кари кроссовки');
    expect(kari.totalHits).toBeGreaterThan(0);
    expect(kari.products.every((p) => p.brand === 'Kari' && /Кроссовки/.test(p.name))).toBe(true);
    await admin.call(R['brand-exclusions'].add, { query: q, body: { term: 'кари' } });
    const explained = await admin.call(explainQueryRoute, {
      query: { ...q, st: 'кари кроссовки' },
    });
    expect(explained.steps.find((s) => s.step === 'brands')!.note).toMatch(/not a brand/);
  });

  it('a stemmer exclusion matches the word exactly; the white list keeps a word from correction', async () => {
    // 'летние' by its stem finds 'летняя', 'летний' … too; excluded, only 'летние' itself.
    const stemmed = await search('летние', { size: '200' });
    expect(stemmed.products.some((p) => /летняя|летний|летнее/i.test(p.name))).toBe(true);
    const excluded = await admin.call(R['stemmer-exclusions'].add, {
      query: q,
      body: { term: 'летние' },
    });
    const exact = await search('летние', { size: '200' });
    expect(exact.totalHits).toBeGreaterThan(0);
    expect(exact.totalHits).toBeLessThan(stemmed.totalHits);
    expect(exact.products.every((p) => /летние/i.test(p.name))).toBe(true);
    await admin.call(R['stemmer-exclusions'].remove, { query: q, body: { ids: [excluded.id] } });

    const corrected = await search('плотье');
    expect(corrected.correction).toBe('платье');
    await admin.call(R['white-list'].add, { query: q, body: { term: 'плотье' } });
    const kept = await search('плотье');
    expect(kept.correction).toBe('плотье');
    expect(kept.zeroQueries).toBe(true);
  });

  it('autocomplete: exclusions and the black list remove suggestions, synonyms expand', async () => {
    const before = await autocomplete('пла');
    expect(before.sts.map((s) => s.st)).toContain('платье');
    await admin.call(R['query-exclusions'].add, { query: q, body: { term: 'платье' } });
    expect((await autocomplete('пла')).sts.map((s) => s.st)).not.toContain('платье');
    await admin.call(R['autocomplete-black-list'].add, {
      query: q,
      body: { term: 'платья', mode: 'word' },
    });
    const after = await autocomplete('пла');
    expect(after.sts.some((s) => /платья/.test(s.st))).toBe(false);
    expect(after.categories.some((c) => /Платья/.test(c.name))).toBe(false);
    expect((await autocomplete('кеды')).products).toEqual([]);
    await admin.call(R['autocomplete-synonyms'].add, {
      query: q,
      body: { term: 'кеды', variants: ['кроссовки'] },
    });
    const expanded = await autocomplete('кеды');
    expect(expanded.products.length).toBeGreaterThan(0);
    expect(expanded.sts.map((s) => s.st)).toContain('кроссовки');
    // Autocomplete synonyms do not act on the search.
    expect((await search('кеды')).totalHits).toBe(0);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const count = await entryCount();
    const cases = [
      R.synonyms.add && { route: R.synonyms.add, body: { term: 'худи', variants: [] } },
      { route: R.synonyms.add, body: { term: '!!!', variants: ['a'] } },
      { route: R['black-list'].add, body: { term: 'x', mode: 'two-way' } },
      { route: R.transliterations.add, body: { term: 'a', variants: ['b', 'c'] } },
      { route: R['white-list'].add, body: { term: 'a', variants: ['b'] } },
    ];
    for (const { route, body } of cases) {
      const error = await failure(admin.call(route, { query: q, body: body as never }));
      expect(error.status, JSON.stringify(body)).toBe(400);
    }
    await admin.call(R.brands.add, { query: q, body: { term: 'Sela' } });
    const duplicate = await failure(
      admin.call(R.brands.add, { query: q, body: { term: ' sela ' } }),
    );
    expect(duplicate.status).toBe(409);
    expect(await entryCount()).toBe(count + 1);
  });

  it('is guarded by the AQ and autocomplete roles', async () => {
    const client = await server.as('client');
    expect((await failure(client.call(R.synonyms.list, { query: q }))).status).toBe(403);
    expect(
      (
        await failure(
          client.call(R.synonyms.add, { query: q, body: { term: 'a', variants: ['b'] } }),
        )
      ).status,
    ).toBe(403);
    expect((await failure(client.call(R['query-exclusions'].list, { query: q }))).status).toBe(403);
  });

  it('uploads CSV with vertical, enableOnSiteId and disableOther, with a per-row report', async () => {
    const csv =
      'term;variants;mode\nтолстовка;свитер|кофта;two-way\nанорак;куртка;one-way\nбомбер;;two-way\nтолстовка;джемпер;two-way\n';
    const response = await upload(
      admin,
      R.synonyms.upload.path,
      { name: 'syn.csv', bytes: csv },
      {
        vertical: 'fashion',
        enableOnSiteId: '1',
        disableOther: 'false',
      },
    );
    expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    const report = response.json() as {
      total: number;
      accepted: number;
      rejected: { line: number; reason: string }[];
    };
    expect(report.total).toBe(4);
    expect(report.accepted).toBe(2);
    expect(report.rejected.map((r) => r.line)).toEqual([4, 5]);
    expect(report.rejected[1]!.reason).toMatch(/line 2/);
    expect((await search('анорак')).totalHits).toBe((await search('куртка')).totalHits);

    // disableOther: a second file with only 'анорак' disables 'толстовка' on the site.
    const second = await upload(
      admin,
      R.synonyms.upload.path,
      { name: 'syn.csv', bytes: 'term,variants\nанорак,куртка\n' },
      { vertical: 'fashion', enableOnSiteId: '1', disableOther: 'true' },
    );
    expect(second.statusCode).toBe(200);
    const listed = await admin.call(R.synonyms.list, { query: { ...q, vertical: 'fashion' } });
    expect(listed.map((e) => [e.term, e.enabled])).toEqual([
      ['анорак', true],
      ['толстовка', false],
    ]);
    expect((await search('толстовка')).totalHits).toBe(0);
  });

  it('the four AQ list uploads take vertical, enableOnSiteId and disableOther as query parameters (spec part 2 §7)', async () => {
    const lists = [
      ['white-list', 'пуховик-запрос', 'WHITE_LIST'],
      ['black-list', 'плохое-слово', 'BLACK_LIST'],
      ['synonyms', 'ветровка-запрос', 'AQ_SYNONYM'],
      ['brands', 'бренд-из-файла', 'BRAND'],
    ] as const;
    for (const [list, term, serviceType] of lists) {
      const file = (text: string) => ({
        name: `${list}.csv`,
        bytes: list === 'synonyms' ? `term,variants\n${text},куртка\n` : `term\n${text}\n`,
      });
      const first = await upload(
        admin,
        R[list].upload.path,
        file(term),
        {},
        {
          vertical: 'home',
          enableOnSiteId: '1',
          disableOther: 'false',
        },
      );
      expect(first.statusCode, `${list}: ${first.body}`).toBe(200);
      expect((first.json() as { accepted: number }).accepted, `${list}: ${first.body}`).toBe(1);
      // A second file with disableOther: the vertical's other entry goes off on the site.
      const second = await upload(
        admin,
        R[list].upload.path,
        file(`${term}-2`),
        {},
        {
          vertical: 'home',
          enableOnSiteId: '1',
          disableOther: 'true',
        },
      );
      expect(second.statusCode, `${list}: ${second.body}`).toBe(200);
      const listed = await admin.call(R[list].list, { query: { ...q, vertical: 'home' } });
      const mine = listed.filter((e) => e.term.startsWith(term));
      // Each entry names its list's service type under the spec's name (part 2 §3).
      expect(new Set(mine.map((e) => e.serviceType)), list).toEqual(new Set([serviceType]));
      expect(mine.map((e) => [e.term, e.vertical, e.enabled]).sort(), list).toEqual([
        [term, 'home', false],
        [`${term}-2`, 'home', true],
      ]);
    }
    // Bad values are refused by the contract's rules; a value given twice must agree.
    const bad = await upload(
      admin,
      R.brands.upload.path,
      { name: 'b.csv', bytes: 'term\nx\n' },
      {},
      { disableOther: 'maybe' },
    );
    expect(bad.statusCode).toBe(400);
    const twice = await upload(
      admin,
      R.brands.upload.path,
      { name: 'b.csv', bytes: 'term\nx\n' },
      { vertical: 'fashion' },
      { vertical: 'home' },
    );
    expect(twice.statusCode).toBe(400);
    expect((twice.json() as { message: string }).message).toMatch(/vertical is given twice/);
    // Another site as enableOnSiteId: refused whole, as in the form field.
    const count = await entryCount();
    const foreign = await upload(
      admin,
      R['white-list'].upload.path,
      { name: 'w.csv', bytes: 'term\nчужое-слово\n' },
      {},
      { vertical: 'home', enableOnSiteId: '2' },
    );
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as { message: string }).message).toMatch(/site of the call/);
    expect(await entryCount()).toBe(count);
  });

  it('refuses an upload with wrong columns, or enabling another site, whole', async () => {
    const count = await entryCount();
    const wrong = await upload(admin, R.synonyms.upload.path, {
      name: 'a.csv',
      bytes: 'foo,bar\n1,2\n',
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { message: string }).message).toMatch(/no column/);
    const other = await upload(
      admin,
      R.synonyms.upload.path,
      { name: 'a.csv', bytes: 'term,variants\nx,y\n' },
      { enableOnSiteId: '2' },
    );
    expect(other.statusCode).toBe(400);
    expect(await entryCount()).toBe(count);
  });

  it('refuses binary garbage whole', async () => {
    const count = await entryCount();
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const binary = await upload(admin, R.synonyms.upload.path, { name: 'x.csv', bytes: garbage });
    expect(binary.statusCode).toBeGreaterThanOrEqual(400);
    expect(binary.statusCode).toBeLessThan(500);
    expect(await entryCount()).toBe(count);
  });
});
