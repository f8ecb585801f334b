/**
 * The query lists are shared by every site (one row per entry, enabled per site), so each call
 * that names entries by id must hold to the rule the list answers by: a site's operators reach
 * the entries of no vertical, of the site's verticals, or enabled on the site, and nothing else.
 * An upload replaces the entries of its vertical, so it is refused in another site's vertical.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { deleteTransliterationRoute, QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import { createVerticalRoute } from '#contract/routes/sites.ts';
import {
  registerSiteRoute,
  registerSiteToUserRoute,
  registerUserRoute,
} from '#contract/routes/users.ts';
import { queryListEntries } from '#server/platform/db/schema.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const R = QUERY_LIST_ROUTES;

describe.each(DATABASES)('query lists across sites on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  /** An integrator attached to the demo site (1) only. */
  let operator: TestClient;
  let otherSite: number;
  let foreignSynonym: number;
  let foreignTranslit: number;
  let ownSynonym: number;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    admin = await server.as('admin');
    await admin.call(createVerticalRoute, { body: { name: 'toys' } });
    otherSite = (
      await admin.call(registerSiteRoute, {
        body: { siteName: 'Игрушки', siteUrl: 'https://toys.example.ru', verticals: ['toys'] },
      })
    ).siteId;
    await admin.call(registerUserRoute, {
      body: {
        login: 'site-one-integrator',
        password: 'correct-horse-7',
        roles: [...ROLE_PRESETS.integrator],
      },
    });
    await admin.call(registerSiteToUserRoute, {
      query: { siteId: 1 },
      body: { login: 'site-one-integrator' },
    });
    operator = await server.as('site-one-integrator', 'correct-horse-7');
    const other = { siteId: otherSite };
    foreignSynonym = (
      await admin.call(R.synonyms.add, {
        query: other,
        body: { term: 'кубики', variants: ['конструктор'], vertical: 'toys' },
      })
    ).id;
    foreignTranslit = (
      await admin.call(R.transliterations.add, {
        query: other,
        body: { term: 'lego', variants: ['лего'], vertical: 'toys' },
      })
    ).id;
    ownSynonym = (
      await operator.call(R.synonyms.add, {
        query: { siteId: 1 },
        body: { term: 'худи', variants: ['свитер'], vertical: 'fashion' },
      })
    ).id;
  }, 120_000);
  afterAll(() => server.close());

  const rows = (ids: number[]) =>
    server.database.db
      .select()
      .from(queryListEntries)
      .where(inArray(queryListEntries.id, ids))
      .orderBy(queryListEntries.id);

  it("refuses to edit, delete or enable another site's entries by id, and changes nothing", async () => {
    const before = await rows([foreignSynonym, foreignTranslit, ownSynonym]);
    const q = { siteId: 1 };
    const calls: (() => Promise<unknown>)[] = [
      () =>
        operator.call(R.synonyms.update!, {
          query: q,
          body: { id: foreignSynonym, term: 'кубики', variants: ['взлом'], vertical: 'toys' },
        }),
      () =>
        operator.call(R.synonyms.update!, {
          query: q,
          body: { id: foreignSynonym, term: 'кубики', variants: ['взлом'], vertical: '' },
        }),
      () => operator.call(R.synonyms.remove, { query: q, body: { ids: [foreignSynonym] } }),
      // one of the caller's own beside it: the whole call is refused
      () =>
        operator.call(R.synonyms.remove, { query: q, body: { ids: [ownSynonym, foreignSynonym] } }),
      () =>
        operator.call(R.synonyms.enable, {
          query: q,
          body: { ids: [foreignSynonym], enabled: true },
        }),
      () =>
        operator.call(R.synonyms.enable, {
          query: q,
          body: { ids: [ownSynonym, foreignSynonym], enabled: false },
        }),
      () =>
        operator.call(R.transliterations.update!, {
          query: q,
          body: { id: foreignTranslit, term: 'lego', variants: ['взлом'], vertical: 'toys' },
        }),
      () =>
        operator.call(R.transliterations.remove, { query: q, body: { ids: [foreignTranslit] } }),
      () =>
        operator.call(deleteTransliterationRoute, { params: { id: foreignTranslit }, query: q }),
      // an id of another list
      () => operator.call(R.brands.remove, { query: q, body: { ids: [ownSynonym] } }),
    ];
    for (const call of calls) expect((await failure(call())).status).toBe(404);
    expect(await rows([foreignSynonym, foreignTranslit, ownSynonym])).toEqual(before);
    // nor does the list show them
    const listed = await operator.call(R.synonyms.list, { query: q });
    expect(listed.map((entry) => entry.id)).toEqual([ownSynonym]);
  });

  it("refuses to write an entry into another site's vertical", async () => {
    const q = { siteId: 1 };
    const added = await failure(
      operator.call(R.synonyms.add, {
        query: q,
        body: { term: 'мяч', variants: ['шар'], vertical: 'toys' },
      }),
    );
    expect(added.status).toBe(400);
    expect(added.message).toMatch(/vertical/);
    const moved = await failure(
      operator.call(R.synonyms.update!, {
        query: q,
        body: { id: ownSynonym, term: 'худи', variants: ['свитер'], vertical: 'toys' },
      }),
    );
    expect(moved.status).toBe(400);
    const [own] = await rows([ownSynonym]);
    expect(own!.vertical).toBe('fashion');
    // the site's own verticals, and none, stay open
    const edited = await operator.call(R.synonyms.update!, {
      query: q,
      body: { id: ownSynonym, term: 'худи', variants: ['толстовка'], vertical: 'home' },
    });
    expect(edited).toMatchObject({ vertical: 'home', variants: ['толстовка'] });
  });

  async function upload(client: TestClient, path: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob(['term,variants\nкубики,пазл\n']), 'list.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return client.raw({
      method: 'POST',
      url: `/api${path}?siteId=1`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        'content-type': request.headers.get('content-type')!,
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
    });
  }

  it("refuses an upload into another site's vertical, and one of no vertical but from staff", async () => {
    const before = await rows([foreignSynonym]);
    const foreign = await upload(operator, R.synonyms.upload.path, { vertical: 'toys' });
    expect(foreign.statusCode).toBe(400);
    expect(JSON.stringify(foreign.json())).toMatch(/vertical/);
    const shared = await upload(operator, R.synonyms.upload.path, {});
    expect(shared.statusCode).toBe(400);
    expect(await rows([foreignSynonym])).toEqual(before);
    expect(
      await server.database.db
        .select()
        .from(queryListEntries)
        .where(eq(queryListEntries.term, 'кубики')),
    ).toHaveLength(1);
    // into the site's own vertical it goes through; staff may upload the shared entries
    expect(
      (await upload(operator, R.synonyms.upload.path, { vertical: 'fashion' })).statusCode,
    ).toBe(200);
    expect((await upload(admin, R.synonyms.upload.path, {})).statusCode).toBe(200);
  });

  it('still lets the owning site, and staff on it, edit and delete its entries', async () => {
    const other = { siteId: otherSite };
    await admin.call(R.synonyms.enable, {
      query: other,
      body: { ids: [foreignSynonym], enabled: false },
    });
    expect(
      (
        await admin.call(deleteTransliterationRoute, {
          params: { id: foreignTranslit },
          query: other,
        })
      ).changed,
    ).toBe(1);
    expect(
      (await admin.call(R.synonyms.remove, { query: other, body: { ids: [foreignSynonym] } }))
        .changed,
    ).toBe(1);
  });
});
