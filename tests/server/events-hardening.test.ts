import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { periodKey } from '#contract/entities/metric.ts';
import { aggregateReportRoute } from '#contract/routes/reports.ts';
import { run } from '#server/catalog/sql.ts';
import { sites } from '#server/db/schema.ts';
import { localDay } from '#server/events/day.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const TZ = 'Europe/Moscow';

/** Attacks on the public event endpoints (issue 20, items 1, 6 and 9). */
describe.each(DATABASES)('public event endpoints under attack, %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let admin: TestClient;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const count = async (table: string, where = sql`true`) =>
    Number(
      (
        await run<{ n: string }>(
          server.database.db,
          sql`select count(*) as n from ${sql.raw(table)} where ${where}`,
        )
      ).rows[0]!.n,
    );
  const agg = async (name: string, day: string) =>
    (
      await admin.call(aggregateReportRoute, {
        params: { id: 1 },
        query: { name, from: day, to: day },
      })
    ).map((m) => m.value[periodKey(day, day)]);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const [site] = await server.database.db.select().from(sites).where(eq(sites.id, 1));
    apiKey = site!.apiKey;
    admin = await server.as('admin');
  });
  afterAll(() => server.close());

  it('takes 1 000 distinct sessions in one bulk call, and a failed statement poisons nothing', async () => {
    // Before: one bind parameter pair per session; ~300 made PGlite answer nothing, ~500 hung it.
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const day = localDay(new Date(at), TZ);
    const before = await agg('SESSIONS_TOTAL,SEARCH_EVENTS_TOTAL', day);
    const response = await post('/public/events/bulk', {
      apiKey,
      events: Array.from({ length: 1000 }, (_, i) => ({
        type: 'SEARCH',
        sessionId: `wide-${i}`,
        platform: i % 2 ? 'MOBILE' : 'DESKTOP',
        at,
        query: `запрос ${i}`,
        hits: i % 3,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 1000 });
    expect(await count('event_sessions', sql`session_id like 'wide-%'`)).toBe(1000);
    expect(await agg('SESSIONS_TOTAL,SEARCH_EVENTS_TOTAL', day)).toEqual([
      (before[0] as number) + 1000,
      (before[1] as number) + 1000,
    ]);
    // A statement that fails leaves the connection usable.
    await expect(run(server.database.db, sql`select 1 / 0`)).rejects.toThrow();
    const again = await post('/public/events', {
      apiKey,
      type: 'SESSION_START',
      sessionId: 'after-failure',
      platform: 'APP',
      at,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await count('event_sessions', sql`session_id = 'after-failure'`)).toBe(1);
  });
});
