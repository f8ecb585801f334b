import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import {
  createTestDatabase,
  DATABASES,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

/**
 * A flood of ordinary public searches from a few clients: the embedded engine is never restarted
 * for a slow public statement, every answer is 200 or a fast 429/503 (never a 500), nothing is
 * left unhandled, and the console answers all the while. Bounded: a small catalogue with a public
 * budget of 250 ms makes the same pile-up that a 200 000-offer catalogue makes at 5 s
 * (`npm run bench:flood` is the full size).
 */
describe.each(DATABASES)('a flood of public searches on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-flood-'));
  let server: TestServer;
  let apiKey: string;
  let address: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    const database = await createTestDatabase(
      kind,
      kind === 'pglite' ? join(dir, 'db') : undefined,
    );
    server = await startTestServer(kind, {
      database,
      work: false,
      env: { PUBLIC_QUERY_TIMEOUT_MS: '250' },
    });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 800 }));
    apiKey = await apiKeyOf(server.database, 1);
    address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the engine, the process and the console up, answering 200 or a fast 429/503', async () => {
    const admin = await server.as('admin');
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const queries = ['куртка', 'платье', 'кроссовки женские', 'джинсы', 'худи', 'сумка'];
    const statuses = new Map<number, number>();
    let flooding = true;
    const client = async (n: number) => {
      for (let i = 0; flooding && i < 60; i++) {
        const st = encodeURIComponent(queries[(n + i) % queries.length]!);
        const response = await fetch(
          `${address}/public/search?apiKey=${apiKey}&st=${st}&withFacets=true&useCategoryPrediction=true`,
        );
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const flood = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    const consoleTimes: number[] = [];
    const consoleStatuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const response = await fetch(`${address}/api/site/1`, { headers: { cookie } });
      await response.arrayBuffer();
      consoleStatuses.push(response.status);
      consoleTimes.push(performance.now() - started);
    }
    flooding = false;
    await flood;
    console.info(
      `${kind}: public answers ${JSON.stringify(Object.fromEntries(statuses))}; console ms ${consoleTimes.map((t) => t.toFixed(0)).join(' ')}`,
    );
    expect(consoleStatuses).toEqual(Array(10).fill(200));
    expect([...statuses.keys()].every((status) => [200, 429, 503].includes(status))).toBe(true);
    if (server.database.engine) expect(server.database.engine.restarts).toBe(0);
    expect(unhandled).toEqual([]);
    // Afterwards the engine answers at once (no restart was needed to free it).
    const { rows } = await run<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from catalog_products`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  }, 180_000);
});

/** The limits in front of the public reads do not depend on the database: one engine. */
describe('public read limits', () => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      work: false,
      env: {
        PUBLIC_RATE_LIMIT: '5',
        PUBLIC_KEY_RATE_LIMIT: '12',
        PUBLIC_MAX_CONCURRENT: '1',
        PUBLIC_MAX_QUEUED: '0',
      },
    });
    apiKey = await apiKeyOf(server.database, 1);
  }, 300_000);
  afterAll(() => server?.close());

  const read = (path: string, remoteAddress: string, key = apiKey) =>
    server.app.inject({
      url: `${path}?apiKey=${key}&${path.endsWith('recommendations') ? 'strategy=popular' : 'st=куртка'}`,
      remoteAddress,
    });

  it('answers 503 at once when the line is full, and the admitted read still answers', async () => {
    const answers = await Promise.all(
      ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4'].map((address) =>
        read('/public/search', address),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]!.json()).toMatchObject({ message: expect.stringMatching(/busy/) });
    expect(busy[0]!.headers['retry-after']).toBe('1');
  });

  it('answers 429 past the limit per apiKey and address, then past the limit per apiKey', async () => {
    const fromA: number[] = [];
    for (const path of [
      '/public/search',
      '/public/autocomplete',
      '/public/search',
      '/public/autocomplete',
      '/public/search',
    ])
      fromA.push((await read(path, '10.0.0.1')).statusCode);
    expect(fromA).toEqual([200, 200, 200, 200, 200]);
    const limited = await read('/public/recommendations', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: expect.stringMatching(/Too many requests from this address/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget, until the apiKey's is spent (12 a minute: 4 reads of the
    // test before, 5 here, 3 more).
    const fromB: number[] = [];
    for (let i = 0; i < 4; i++) fromB.push((await read('/public/search', '10.0.0.2')).statusCode);
    expect(fromB).toEqual([200, 200, 200, 429]);
    expect((await read('/public/search', '10.0.0.3')).json()).toMatchObject({
      status: 429,
      message: expect.stringMatching(/Too many requests from this apiKey/),
    });
    // Another key is counted apart (an unknown one: 401, not 429).
    expect((await read('/public/search', '10.0.0.1', 'another-key')).statusCode).toBe(401);
  });
});
