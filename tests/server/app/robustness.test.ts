import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { getSiteRoute } from '#contract/routes/sites.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

describe.each(DATABASES)('bad input on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.as('admin');
  });
  afterAll(() => server.close());

  const audits = async () =>
    Number((await server.database.db.select({ n: count() }).from(auditLog))[0]!.n);
  const put = (payload: string | Buffer) =>
    admin.raw({
      method: 'PUT',
      url: '/api/site/1',
      payload,
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
      },
    });

  it.each([
    ['malformed JSON', '{"siteName": "x"', 400],
    ['a wrong type', JSON.stringify({ siteName: 42 }), 400],
    ['an unknown field', JSON.stringify({ siteName: 'ok', hacked: true }), 400],
    ['an empty required text', JSON.stringify({ siteName: '   ' }), 400],
    ['a body over 1 MB', JSON.stringify({ siteName: 'x'.repeat(1_100_000) }), 413],
  ])('answers %s with a clear error and writes nothing', async (_what, payload, status) => {
    const before = await audits();
    const site = await admin.call(getSiteRoute, { params: { id: 1 } });
    const response = await put(payload);
    expect(response.statusCode).toBe(status);
    const body = response.json() as { status: number; message: string; stack?: unknown };
    expect(body.status).toBe(status);
    expect(body.message.length).toBeGreaterThan(3);
    expect(body.stack).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    expect(await audits()).toBe(before);
    expect(await admin.call(getSiteRoute, { params: { id: 1 } })).toEqual(site);
  });

  it('names the offending fields of a 400', async () => {
    const response = await put(JSON.stringify({ siteName: 1, siteUrl: 'ftp://x' }));
    const body = response.json() as { issues: { path: unknown[] }[] };
    expect(body.issues.map((issue) => issue.path)).toEqual([
      ['body', 'siteName'],
      ['body', 'siteUrl'],
    ]);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await admin.raw({ method: 'GET', url: '/api/does/not/exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      message: 'No such call: GET /api/does/not/exist',
    });
  });

  it('serves the OpenAPI document built from the contract', async () => {
    const response = await admin.raw({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/login', '/site/{id}', '/user/roles/{login}']),
    );
  });
});
