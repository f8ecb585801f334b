import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/platform/db/client.ts';
import { meRoute } from '#contract/routes/auth.ts';
import { getUserRoute } from '#contract/routes/users.ts';
import { getSiteRoute } from '#contract/routes/sites.ts';
import {
  createTestDatabase,
  DATABASES,
  failure,
  primed,
  startTestServer,
  testEnv,
  type TestServer,
} from '#tests/helpers/server.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * A percent-encoded path (`/%61pi/…`) skipped the XSRF check and form bodies were
 * read where JSON was meant, so a page of another site could create users, promote configs, sign
 * a user out or sign them in as the attacker. Each attack below is the request such a page sends.
 */
describe.each(DATABASES)('anti-forgery on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('refuses a forged user creation through /%61pi, as JSON or as a form', async () => {
    const admin = await server.as('admin');
    const json = await admin.raw({
      method: 'POST',
      url: '/%61pi/register/user',
      payload: JSON.stringify({ login: 'forged', password: 'correct-horse-7', roles: [] }),
      headers: JSON_TYPE,
    });
    expect(json.statusCode).toBe(403);
    const form = await admin.raw({
      method: 'POST',
      url: '/%61pi/register/user',
      payload: 'login=forged&password=correct-horse-7',
      headers: FORM,
    });
    expect(form.statusCode).toBe(403);
    for (const url of ['/api/./register/user', '//api/register/user', '/api%2Fregister/user']) {
      const other = await admin.raw({
        method: 'POST',
        url,
        payload: '{}',
        headers: JSON_TYPE,
      });
      expect([403, 404]).toContain(other.statusCode);
    }
    expect((await failure(admin.call(getUserRoute, { params: { login: 'forged' } }))).status).toBe(
      404,
    );
  });

  it('refuses a forged config promotion and a forged sign-out', async () => {
    const admin = await server.as('admin');
    const promote = await admin.raw({
      method: 'POST',
      url: '/%61pi/config/generate/search?siteId=1',
    });
    expect(promote.statusCode).toBe(403);
    const logout = await admin.raw({ method: 'POST', url: '/%61pi/logout', headers: FORM });
    expect(logout.statusCode).toBe(403);
    expect((await admin.call(meRoute, {})).login).toBe('admin');
  });

  it('refuses login CSRF: a sign-in without the XSRF token, whatever the path', async () => {
    for (const url of ['/api/login', '/%61pi/login', '/%61%70%69/login']) {
      const victim = await primed(server.app);
      const response = await victim.raw({
        method: 'POST',
        url,
        payload: 'username=client&password=vitrina-demo',
        headers: FORM,
      });
      expect(response.statusCode).toBe(403);
      expect(victim.cookies.has('SESSION')).toBe(false);
    }
  });

  it('refuses writes a browser marks as coming from another site, even with the token', async () => {
    const admin = await server.as('admin');
    const xsrf = admin.cookies.get('XSRF-TOKEN')!;
    for (const from of ['cross-site', 'same-site']) {
      const response = await admin.raw({
        method: 'POST',
        url: '/api/logout',
        headers: { 'x-xsrf-token': xsrf, 'sec-fetch-site': from },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Cross-site request refused' });
    }
    const same = await admin.raw({
      method: 'GET',
      url: '/api/me',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('accepts only the content type a call declares (415 otherwise)', async () => {
    const admin = await server.as('admin');
    const xsrf = { 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! };
    const body = 'login=formuser&password=correct-horse-7';
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await admin.raw({
        method: 'POST',
        url: '/api/register/user',
        payload: body,
        headers: { ...xsrf, 'content-type': type },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ status: 415 });
    }
    // sign-in takes only its form
    const login = await admin.raw({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ username: 'admin', password: 'vitrina-demo' }),
      headers: { ...xsrf, ...JSON_TYPE },
    });
    expect(login.statusCode).toBe(415);
    // a body-less call takes no form either
    const logout = await admin.raw({
      method: 'POST',
      url: '/api/logout',
      payload: 'a=b',
      headers: { ...xsrf, ...FORM },
    });
    expect(logout.statusCode).toBe(415);
    expect((await admin.call(meRoute, {})).login).toBe('admin');
  });
});

/** Every call takes `?siteId`, also where the site is in the path. */
describe.each(DATABASES)('siteId in the query on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('accepts the path site repeated in the query and refuses a different one', async () => {
    const admin = await server.as('admin');
    const same = await admin.raw({ method: 'GET', url: '/api/site/1?siteId=1' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ siteId: 1 });
    const other = await admin.raw({ method: 'GET', url: '/api/site/1?siteId=2' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: expect.stringMatching(/does not match/) });
    const garbage = await admin.raw({ method: 'GET', url: '/api/site/1?siteId=abc' });
    expect(garbage.statusCode).toBe(400);
    expect(await admin.call(getSiteRoute, { params: { id: 1 } })).toMatchObject({ siteId: 1 });
  });

  it('accepts siteId on calls that name no site', async () => {
    const admin = await server.as('admin');
    expect((await admin.raw({ method: 'GET', url: '/api/me?siteId=1' })).statusCode).toBe(200);
    expect((await admin.raw({ method: 'GET', url: '/api/site/all?siteId=1' })).statusCode).toBe(
      200,
    );
  });
});

/** Unknown /api, /public and /cdn paths answer JSON 404, whatever the method. */
describe('unknown paths with the console built', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitrina-static-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
    database = await createTestDatabase('pglite');
    app = await buildApp({ env: testEnv(), database, staticRoot: root, jobs: { work: false } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'])(
    '%s answers JSON 404 under /api, /public and /cdn',
    async (method) => {
      // unsafe calls under /api/ meet the XSRF check first (no token here)
      for (const [url, unsafe] of [
        ['/api/no/such/call', 403],
        ['/%61pi/nothing', 403],
        ['/api', 404],
        ['/public/nothing', 404],
        ['/cdn/1/no/such', 404],
      ] as const) {
        const response = await app.inject({ method: method as 'GET', url });
        expect(response.statusCode, `${method} ${url}`).toBe(method === 'GET' ? 404 : unsafe);
        expect(String(response.headers['content-type'])).toMatch(/application\/json/);
      }
    },
  );

  it('still answers the console for its client-side routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/settings/users' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>console</title>');
  });
});

/** NUL bytes and deep JSON once gave 500s; control characters named verticals. */
describe.each(DATABASES)('hostile input on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('answers 400 to a NUL byte in a search, apiKey, categoryId or site name', async () => {
    const admin = await server.as('admin');
    const { apiKey: key } = await admin.call(getSiteRoute, { params: { id: 1 } });
    for (const url of [
      `/public/search?apiKey=${key}&st=a%00b`,
      `/public/search?apiKey=${key}%00`,
      `/public/search?apiKey=${key}&categoryId=1%00`,
      `/public/autocomplete?apiKey=${key}&st=%00`,
      '/api/site/all?search=%00',
    ]) {
      const response = await admin.raw({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ status: 400 });
    }
    const rename = await admin.raw({
      method: 'PUT',
      url: '/api/site/1',
      payload: JSON.stringify({ siteName: 'shop\u0000' }),
      headers: { ...JSON_TYPE, 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! },
    });
    expect(rename.statusCode).toBe(400);
  });

  it('answers 400 to JSON nested deeper than 64 levels in a config save', async () => {
    const admin = await server.as('admin');
    // written out: a deep object would overflow JSON.stringify's own stack here
    const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    const response = await admin.raw({
      method: 'POST',
      url: '/api/config/save/search?siteId=1',
      payload: `{"settings":${deep}}`,
      headers: { ...JSON_TYPE, 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/deeper than 64/) });
  });

  it('refuses unknown fields in config saves, at any depth, and saves nothing', async () => {
    const admin = await server.as('admin');
    const save = (url: string, body: unknown) =>
      admin.raw({
        method: 'POST',
        url,
        payload: JSON.stringify(body),
        headers: { ...JSON_TYPE, 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! },
      });
    const versions = async () =>
      (await server.database.executeSql('select count(*)::int as n from config_versions'))
        .rows[0] as { n: number };
    const before = (await versions()).n;
    for (const [url, body, field] of [
      ['/api/config/save/autocomplete?siteId=1', { baseVersionId: null, throtle: 500 }, 'throtle'],
      [
        '/api/config/save/tracking?siteId=1',
        {
          baseVersionId: null,
          rules: [],
          pageTypes: [{ pageType: 'HOME_PAGE', urlPattern: '/', colour: 1 }],
        },
        'pageTypes.0.colour',
      ],
    ] as const) {
      const response = await save(url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        issues: [
          { path: ['body', ...field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))] },
        ],
      });
    }
    expect((await versions()).n).toBe(before);
    // The same save without the unknown field goes through.
    expect(
      (await save('/api/config/save/search?siteId=1', { baseVersionId: null, throttle: 500 }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses control characters in a vertical name', async () => {
    const admin = await server.as('admin');
    for (const name of ['Одежда\nи обувь', 'tab\there', 'bell\u0007']) {
      const response = await admin.raw({
        method: 'POST',
        url: '/api/vertical',
        payload: JSON.stringify({ name }),
        headers: { ...JSON_TYPE, 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
    }
  });
});

describe('console headers', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitrina-static-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(root, 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
    writeFileSync(join(root, 'app.js.map'), '{"version":3}');
    database = await createTestDatabase('pglite');
    app = await buildApp({ env: testEnv(), database, staticRoot: root, jobs: { work: false } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('forbids framing the console and serves no source maps', async () => {
    for (const url of ['/', '/settings/users', '/app.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await app.inject({ method: 'GET', url: '/app.js.map' })).statusCode).toBe(404);
    // the /cdn demo page keeps its own policy (a sandbox), without the console's
    const demo = await app.inject({ method: 'GET', url: '/cdn/1/demo.html' });
    expect(demo.headers['content-security-policy']).toBe('sandbox allow-scripts allow-forms');
    expect(demo.headers['x-frame-options']).toBeUndefined();
  });
});
