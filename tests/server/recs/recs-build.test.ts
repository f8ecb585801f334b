import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import { run } from '#server/platform/db/sql.ts';
import { measurePairs, pairIndex, pairRows, type PairOptions } from '#server/recs/item-knn.ts';
import type { LoadedSessions } from '#server/recs/session-data.ts';
import { createRecsRepository } from '#server/recs/strategies.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

/** Sessions given as product ids, oldest first; `held` marks the held-out ones. */
function loaded(sessions: string[][], held: number[] = []): LoadedSessions {
  const products: string[] = [];
  const items: number[] = [];
  const starts = [0];
  for (const session of sessions) {
    for (const id of session) {
      if (!products.includes(id)) products.push(id);
      items.push(products.indexOf(id));
    }
    starts.push(items.length);
  }
  return {
    products,
    starts: Int32Array.from(starts),
    items: Int32Array.from(items),
    holdout: Uint8Array.from(sessions.map((_, i) => (held.includes(i) ? 1 : 0))),
  };
}

describe('item-kNN pairs in memory, by hand', () => {
  const cosine: PairOptions = { cosine: true, shrinkage: 10, minSupport: 1, maxPerProduct: 50 };
  const sessions = [
    ['A', 'B', 'A'], // a repeat counts once
    ['A', 'B'],
    ['A', 'C'],
    ['B', 'D'],
  ];

  it('scores the shrunk cosine of two products session vectors, best first', () => {
    const rows = [...pairRows(pairIndex(loaded(sessions)), cosine)];
    const of = (a: string) => rows.filter(([p]) => p === a).map(([, o, s]) => [o, s]);
    // A is in 3 sessions, B in 3, C in 1, D in 1; A and B share 2.
    expect(of('A')).toEqual([
      ['B', Math.fround(2 / Math.sqrt(13 * 13))],
      ['C', Math.fround(1 / Math.sqrt(13 * 11))],
    ]);
    expect(of('B').map(([o]) => o)).toEqual(['A', 'D']);
    expect(of('C')).toEqual([['A', Math.fround(1 / Math.sqrt(11 * 13))]]);
  });

  it('counts for co_bought, drops pairs under the support, keeps maxPerProduct (ties by id)', () => {
    const count = { cosine: false, shrinkage: 0, minSupport: 1, maxPerProduct: 1 };
    const rows = [...pairRows(pairIndex(loaded([['C', 'B', 'A']])), count)];
    expect(rows.filter(([p]) => p === 'C')).toEqual([['C', 'A', 1]]);
    const supported = [
      ...pairRows(pairIndex(loaded(sessions)), { ...count, minSupport: 2, maxPerProduct: 5 }),
    ];
    expect(supported).toEqual([
      ['A', 'B', 2],
      ['B', 'A', 2],
    ]);
  });

  it('measures a model of the training sessions on the held-out ones', () => {
    // Held out: [A, C, C, D]. Trained on the others: A's neighbours B then C, C's only A.
    // Cases: A → C (rank 2 of [B, C]), C → D (a miss); C → C is no case.
    const data = loaded(
      [
        ['A', 'B'],
        ['A', 'B'],
        ['A', 'C'],
        ['A', 'C', 'C', 'D'],
        ['B', 'Z'],
      ],
      [3],
    );
    const { model, popularity } = measurePairs(
      pairIndex(data),
      { ...cosine, shrinkage: 0 },
      ['A', 'C', 'B'],
      100,
    );
    expect(model).toEqual({ cases: 2, hitsAt10: 1, hitsAt20: 1, reciprocalAt20: 1 / 2 });
    // Popularity without the product before: [C, B] for A → C (rank 1), [A, B] for C → D.
    expect(popularity).toEqual({ cases: 2, hitsAt10: 1, hitsAt20: 1, reciprocalAt20: 1 });
  });
});

describe.each(DATABASES)('RECS builds from the whole window on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let ids: string[];
  /** Session ids the build holds out (abs(hashtext(id)) % 10 = 0), and two it trains on. */
  let held: string;
  let trained: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 80 }));
    apiKey = await apiKeyOf(server.database, 1);
    const { rows } = await run<{ id: string }>(
      server.database.db,
      sql`select p.id from catalog_products p join catalogs c using (import_id)
          where c.site_id = 1 and p.available order by p.id limit 18`,
    );
    ids = rows.map((r) => r.id);
    const { rows: split } = await run<{ id: string; held: boolean }>(
      server.database.db,
      sql`select 'x' || n as id, abs(hashtext('x' || n)) % 10 = 0 as held
          from generate_series(1, 200) n`,
    );
    held = split.find((r) => r.held)!.id;
    trained = split.find((r) => !r.held)!.id;
    // The views (about 18 minutes of them) start at the previous whole hour: within one clock
    // hour, they never straddle a midnight, where a session splits by day in the site's zone (a
    // run at 21:12-21:30 UTC, midnight in Moscow, lost a two-view session that way).
    const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
    let second = 0;
    const view = (sessionId: string, productId: string) => ({
      type: 'PRODUCT_VIEW',
      sessionId,
      platform: 'DESKTOP',
      productId,
      at: new Date(start + 1000 * second++).toISOString(),
    });
    // 240 ordinary sessions over the first eight products (enough to hold one in ten out), one
    // held-out session pairing products 10 and 11 (nowhere else together), one trained session
    // pairing 12 and 13, and one shopper who viewed 600 products in a row (14 to 16).
    const events = [
      ...Array.from({ length: 240 }, (_, i) => [
        view(`u${i}`, ids[i % 8]!),
        view(`u${i}`, ids[(i + 1) % 8]!),
      ]).flat(),
      view(held, ids[10]!),
      view(held, ids[11]!),
      view(trained, ids[12]!),
      view(trained, ids[13]!),
      ...Array.from({ length: 600 }, (_, i) => view('long', ids[14 + (i % 3)]!)),
    ];
    for (let i = 0; i < events.length; i += 500) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/public/events/bulk',
        payload: { apiKey, events: events.slice(i, i + 500) },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }, 360_000);
  afterAll(() => server.close());

  const productIds = async (params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `/public/recommendations?${new URLSearchParams({ apiKey, ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return recommendationsResponse.parse(response.json()).products.map((p) => p.id);
  };

  it('co_viewed serves the held-out sessions too, measured on a model without them', async () => {
    const repo = createRecsRepository(server.database.db);
    const strategy = await repo.create(1, { name: 'co', modelName: 'co_viewed', configs: {} }, 't');
    await repo.setEnabled(1, strategy.hash, true, 't');
    const built = await repo.build(1, strategy.hash, { activate: true });
    expect(built!.quality.cases).toBeGreaterThan(0);
    expect(built!.quality.hitRateAt20).not.toBeNull();
    expect(await productIds({ strategy: strategy.hash, productId: ids[10]! })).toContain(ids[11]);
    expect(await productIds({ strategy: strategy.hash, productId: ids[12]! })).toContain(ids[13]);
    // Every pair of the window, no marker row left behind.
    const { rows } = await run<{ n: number; markers: number }>(
      server.database.db,
      sql`select count(*)::int as n, count(*) filter (where product_id like '%building')::int as markers
          from recs_item_scores where site_id = 1 and hash = ${strategy.hash}`,
    );
    expect(rows[0]!.n).toBe(built!.rows);
    expect(rows[0]!.markers).toBe(0);
  });

  it('a dead build left rows: the next one takes a later revision and clears them', async () => {
    const repo = createRecsRepository(server.database.db);
    const strategy = await repo.create(
      1,
      { name: 'co2', modelName: 'co_viewed', configs: {} },
      't',
    );
    await repo.setEnabled(1, strategy.hash, true, 't');
    expect((await repo.build(1, strategy.hash, { activate: true }))!.revision).toBe(1);
    // A build that died after writing some rows of revision 2 (no revision recorded).
    await run(
      server.database.db,
      sql`insert into recs_item_scores (site_id, hash, revision, product_id, other_id, score)
          values (1, ${strategy.hash}, 2, ${ids[0]!}, ${ids[17]!}, 99)`,
    );
    const next = await repo.build(1, strategy.hash, { activate: true });
    expect(next!.revision).toBe(3);
    expect((await repo.get(1, strategy.hash)).revisions.map((r) => r.revision)).toEqual([3, 1]);
    const { rows } = await run<{ revision: number }>(
      server.database.db,
      sql`select distinct revision from recs_item_scores
          where site_id = 1 and hash = ${strategy.hash} order by revision`,
    );
    expect(rows.map((r) => r.revision)).toEqual([1, 3]);
    expect(await productIds({ strategy: strategy.hash, productId: ids[0]! })).not.toContain(
      ids[17],
    );
  });

  it("a strategy's rows go with it and with its site; rows of no strategy are refused", async () => {
    const repo = createRecsRepository(server.database.db);
    const strategy = await repo.create(
      1,
      { name: 'co3', modelName: 'co_viewed', configs: {} },
      't',
    );
    await repo.setEnabled(1, strategy.hash, true, 't');
    await repo.build(1, strategy.hash, { activate: true });
    const rowsOf = async (hash: string) =>
      (
        await run<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from recs_item_scores where site_id = 1 and hash = ${hash}`,
        )
      ).rows[0]!.n;
    expect(await rowsOf(strategy.hash)).toBeGreaterThan(0);
    // The site's deletion takes its strategies and their rows (rolled back here).
    const rolledBack = new Error('roll back');
    await expect(
      server.database.db.transaction(async (tx) => {
        await run(tx, sql`delete from sites where id = 1`);
        const { rows } = await run<{ n: number }>(
          tx,
          sql`select count(*)::int as n from recs_item_scores where site_id = 1`,
        );
        expect(rows[0]!.n).toBe(0);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await rowsOf(strategy.hash)).toBeGreaterThan(0);
    await repo.remove(1, strategy.hash, 't');
    expect(await rowsOf(strategy.hash)).toBe(0);
    // A build writing after its strategy was deleted fails, as the foreign key made it fail.
    await expect(
      run(
        server.database.db,
        sql`insert into recs_item_scores (site_id, hash, revision, product_id, other_id, score)
            values (1, ${strategy.hash}, 2, ${ids[0]!}, ${ids[1]!}, 1)`,
      ),
    ).rejects.toThrow();
    expect(await rowsOf(strategy.hash)).toBe(0);
  });

  it('session_knn indexes every session of two views or more, a long one cut to fit', async () => {
    const repo = createRecsRepository(server.database.db);
    const strategy = await repo.create(
      1,
      { name: 'knn', modelName: 'session_knn', configs: {} },
      't',
    );
    await repo.setEnabled(1, strategy.hash, true, 't');
    const built = await repo.build(1, strategy.hash, { activate: true });
    // 240 + the held-out one + the trained one + the long one.
    expect(built!.rows).toBe(243);
    expect(built!.quality.cases).toBeGreaterThan(0);
    const { rows } = await run<{ longest: number }>(
      server.database.db,
      sql`select max(length(other_id))::int as longest from recs_item_scores
          where site_id = 1 and hash = ${strategy.hash}`,
    );
    expect(rows[0]!.longest).toBeLessThanOrEqual(2000);
    // The held-out session is a neighbour like any other.
    expect(
      await productIds({ strategy: strategy.hash, productId: ids[10]!, viewed: ids[10]! }),
    ).toContain(ids[11]);
  });
});
