import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';

describe.each(DATABASES)('storefront runtime batches on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false, env: { EVENT_RATE_LIMIT: '5' } });
    apiKey = await apiKeyOf(server.database, 1);
  }, 180_000);
  afterAll(() => server.close());

  const post = (body: string, contentType = 'text/plain', ip = '10.0.0.1') =>
    server.app.inject({
      method: 'POST',
      url: '/public/events/bulk',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: ip,
    });
  const views = async () =>
    (
      await run<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from events where site_id = 1 and kind = 4`,
      )
    ).rows[0]!.n;

  it('takes the text/plain JSON of sendBeacon and counts a retried event id once', async () => {
    const before = await views();
    const batch = JSON.stringify({
      apiKey,
      events: [
        { id: 'ev-1', type: 'PRODUCT_VIEW', sessionId: 's', platform: 'MOBILE', productId: 'A' },
        { id: 'ev-2', type: 'PRODUCT_VIEW', sessionId: 's', platform: 'MOBILE', productId: 'B' },
        { id: 'ev-2', type: 'PRODUCT_VIEW', sessionId: 's', platform: 'MOBILE', productId: 'B' },
      ],
    });
    const first = await post(batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ accepted: 2, quarantined: 0 });
    const retried = await post(batch);
    expect(retried.json()).toEqual({ accepted: 0, quarantined: 0 });
    expect(await views()).toBe(before + 2);
    // The report rollups count them once too.
    const { rows } = await run<{ views: number }>(
      server.database.db,
      sql`select coalesce(sum(views), 0)::int as views from event_daily where site_id = 1`,
    );
    expect(rows[0]!.views).toBeGreaterThanOrEqual(2);
  });

  it('refuses a body that is not JSON with a 400, and limits requests per key and client', async () => {
    const bad = await post('{not json', 'text/plain', '10.0.0.2');
    expect(bad.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await post(
            JSON.stringify({
              apiKey,
              events: [{ type: 'SESSION_START', sessionId: `r${i}`, platform: 'DESKTOP' }],
            }),
            'text/plain',
            '10.0.0.3',
          )
        ).statusCode,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another client is not held back by the first one's limit.
    const other = await post(
      JSON.stringify({
        apiKey,
        events: [{ type: 'SESSION_START', sessionId: 'o', platform: 'APP' }],
      }),
      'text/plain',
      '10.0.0.4',
    );
    expect(other.statusCode).toBe(200);
  });
});
