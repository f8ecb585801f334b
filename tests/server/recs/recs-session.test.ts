import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRecsRuleRoute } from '#contract/routes/merchandising.ts';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import { createStrategyRoute, switchStrategyRoute } from '#contract/routes/recs.ts';
import { toLocal } from '#server/merchandising/time.ts';
import { run } from '#server/platform/db/sql.ts';
import { tally } from '#server/recs/build.ts';
import { sessionIndexHeld, type Ranks } from '#server/recs/session-knn-store.ts';
import {
  buildSessionIndex,
  hitRateAndMrr,
  nextItemCases,
  sessionKnnScores,
  type SessionKnnParams,
} from '#server/recs/session-knn.ts';
import { createRecsRepository } from '#server/recs/strategies.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

describe('offline metrics, by hand', () => {
  it('hit rate and MRR at 20: a hit at rank r counts 1/r, beyond 20 or absent counts 0', () => {
    const twenty = Array.from({ length: 25 }, (_, i) => `p${i + 1}`);
    const result = hitRateAndMrr(
      [
        { ranked: ['a', 'b', 'c'], next: 'b' }, // rank 2: 1/2
        { ranked: ['a', 'b', 'c'], next: 'a' }, // rank 1: 1
        { ranked: ['a', 'b', 'c'], next: 'z' }, // absent
        { ranked: twenty, next: 'p20' }, // rank 20: 1/20
        { ranked: twenty, next: 'p21' }, // rank 21: beyond the cut
      ],
      20,
    );
    expect(result.cases).toBe(5);
    expect(result.hitRate).toBeCloseTo(3 / 5, 12);
    expect(result.mrr).toBeCloseTo((1 / 2 + 1 + 1 / 20) / 5, 12);
    expect(hitRateAndMrr([], 20)).toEqual({ hitRate: 0, mrr: 0, cases: 0 });
  });

  it('the build tallies ranks the same way (hit rate at 10 and 20, MRR at 20)', () => {
    const ranks: Ranks = { cases: 0, hitsAt10: 0, hitsAt20: 0, reciprocalAt20: 0 };
    for (const rank of [1, 4, 10, 11, 20, 21, null]) tally(ranks, rank);
    expect(ranks.cases).toBe(7);
    expect(ranks.hitsAt10).toBe(3);
    expect(ranks.hitsAt20).toBe(5);
    expect(ranks.reciprocalAt20).toBeCloseTo(1 + 1 / 4 + 1 / 10 + 1 / 11 + 1 / 20, 12);
  });

  it('splits a session into prefix → next cases, longest prefix first (the SR-GNN rule)', () => {
    expect(nextItemCases(['a', 'b', 'c', 'b'])).toEqual([
      { prefix: ['a', 'b', 'c'], next: 'b' },
      { prefix: ['a', 'b'], next: 'c' },
      { prefix: ['a'], next: 'b' },
    ]);
    expect(nextItemCases(['a'])).toEqual([]);
  });
});

describe('session kNN scoring, by hand', () => {
  const plain: SessionKnnParams = {
    neighbours: 10,
    sampleSize: 10,
    positionDecay: 1,
    matchDecay: 1,
    normalise: false,
    idfWeight: 0,
    reminder: 0,
  };
  // Oldest first: the index of a session is its recency rank.
  const index = buildSessionIndex([
    ['A', 'B'],
    ['A', 'C'],
    ['X', 'Y'],
    ['D', 'A', 'C'],
  ]);
  const e = Math.exp(-1);

  it('votes the products of sessions sharing the current one, by distance to the shared one', () => {
    // A is in sessions 0, 1 and 3 (similarity 1 each); B: e^-1; C: e^-1 twice; D: e^-1.
    // X and Y share nothing with the session.
    const scores = sessionKnnScores(index, ['A'], plain);
    expect(scores.map(([id]) => id)).toEqual(['C', 'B', 'D']);
    expect(scores[0]![1]).toBeCloseTo(2 * e, 12);
    expect(scores[1]![1]).toBeCloseTo(e, 12);
  });

  it('samples only the most recent sessions, and keeps only the k most similar', () => {
    // The newest session holding A is session 3: only its products vote.
    expect(sessionKnnScores(index, ['A'], { ...plain, sampleSize: 1 }).map(([id]) => id)).toEqual([
      'C',
      'D',
    ]);
    // The session [Y, A]: A weighs 1, Y e^-1; session 2 (X, Y) is less similar than those with A.
    const scores = sessionKnnScores(index, ['Y', 'A'], { ...plain, neighbours: 3 });
    expect(scores.map(([id]) => id)).not.toContain('X');
    const all = sessionKnnScores(index, ['Y', 'A'], plain);
    expect(all.find(([id]) => id === 'X')![1]).toBeCloseTo(e * e, 12);
  });

  it('the reminder brings back the session own products, the newest the most', () => {
    // [B, A]: A weighs 1, B e^-1. Session 0 (A, B) is 1 + e^-1 similar, 1 and 3 are 1.
    // Votes: B (1 + e^-1)·e^-1 from session 0; C e^-1 from 1 and e^-1 from 3; D e^-1 from 3.
    // The best vote is C's, 2e^-1; the reminder 2 adds 2 × weight × 2e^-1 to A and B.
    const scores = sessionKnnScores(index, ['B', 'A'], { ...plain, reminder: 2 });
    expect(scores.map(([id]) => id)).toEqual(['A', 'B', 'C', 'D']);
    expect(scores[0]![1]).toBeCloseTo(2 * 1 * 2 * e, 12);
    expect(scores[1]![1]).toBeCloseTo((1 + e) * e + 2 * e * 2 * e, 12);
    expect(scores[2]![1]).toBeCloseTo(2 * e, 12);
  });
});

describe.each(DATABASES)('the session kNN strategy on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  let ids: string[];
  let hash: string;
  let heldAfterBuild = false;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 80 }));
    apiKey = await apiKeyOf(server.database, 1);
    admin = await server.as('admin');
    const { rows } = await run<{ id: string }>(
      server.database.db,
      sql`select p.id from catalog_products p join catalogs c using (import_id)
          where c.site_id = 1 and p.available order by p.id limit 8`,
    );
    ids = rows.map((r) => r.id);
    const [A, B, C, D, E, F, , H] = ids as string[];
    const now = Date.now();
    let second = 0;
    const view = (sessionId: string, productId: string) => ({
      type: 'PRODUCT_VIEW',
      sessionId,
      platform: 'DESKTOP',
      productId,
      at: new Date(now - 3_600_000 + 1000 * second++).toISOString(),
    });
    // Neighbours of a session at A: two sessions went A → B → C, one A → D; E → F shares nothing
    // with A. The shopper "me" viewed E then A.
    const sessions: [string, string[]][] = [
      ['n1', [A!, B!, C!]],
      ['n2', [A!, B!, C!]],
      ['n3', [A!, D!]],
      ['n4', [E!, F!]],
      ['n5', [H!, E!]],
      ['me', [E!, A!]],
    ];
    const response = await server.app.inject({
      method: 'POST',
      url: '/public/events/bulk',
      payload: {
        apiKey,
        events: sessions.flatMap(([session, products]) => products.map((p) => view(session, p))),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const strategy = await admin.call(createStrategyRoute, {
      params: { site: 1 },
      query: { siteId: 1 },
      body: {
        name: 'Следом смотрят',
        modelName: 'session_knn',
        // Plain votes, so the order can be checked by hand: B 2e^-1, C 2e^-2, D e^-1.
        configs: { matchDecay: '1', idfWeight: '0', reminder: '0', positionDecay: '1' },
      },
    });
    hash = strategy.hash;
    await admin.call(switchStrategyRoute, {
      params: { site: 1, hash },
      query: { siteId: 1, enabled: 'true' },
    });
    const built = await createRecsRepository(server.database.db).build(1, hash, {
      activate: true,
    });
    // Sessions of two views or more, the shopper's own included.
    expect(built?.rows).toBe(6);
    heldAfterBuild = sessionIndexHeld(1, hash, built!.revision);
  }, 360_000);
  afterAll(() => server.close());

  const productIds = async (params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `/public/recommendations?${new URLSearchParams({ apiKey, strategy: hash, ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return recommendationsResponse.parse(response.json()).products.map((p) => p.id);
  };

  it('the process that switched to the revision holds its index before any shopper asks', () => {
    expect(heldAfterBuild).toBe(true);
  });

  it('recommends what neighbour sessions viewed next, from the views the call passes', async () => {
    const [A, B, C, D, E, F, , H] = ids as string[];
    // A session at A alone: the sessions holding A vote (matchDecay 1): B 2e^-1 (n1, n2),
    // D e^-1 (n3), E e^-1 ("me" viewed it before A), C 2e^-2; ties by product id.
    expect(await productIds({ productId: A!, viewed: A! })).toEqual([B, D, E, C]);
    // After E then A, sessions with E vote too, by E's weight e^-1: "me" (similar 1 + e^-1)
    // lifts E to (1 + e^-1)e^-1; n4 brings F and n5 H, each e^-2.
    expect(await productIds({ productId: A!, viewed: `${E},${A}` })).toEqual([B, E, D, C, F, H]);
  });

  it("reads the tracked session's views when the call passes none", async () => {
    const [A, , , , , F] = ids as string[];
    expect(await productIds({ productId: A!, sessionId: 'me' })).toContain(F);
    expect(await productIds({ productId: A!, sessionId: 'nobody' })).not.toContain(F);
  });

  it('the recommendation rules filter, boost and pin its answer like any strategy', async () => {
    const [A, B, C, D, E, , G] = ids as string[];
    const today = toLocal(new Date(Date.now() - 60_000), 'Europe/Moscow');
    const create = (body: Parameters<typeof admin.call<typeof createRecsRuleRoute>>[1]['body']) =>
      admin.call(createRecsRuleRoute, { query: { siteId: 1 }, body });
    await create({
      name: 'Без B',
      priority: 1,
      startDate: today,
      boostType: 'FILTER',
      productIds: [B!],
    });
    expect(await productIds({ productId: A!, viewed: A! })).toEqual([D, E, C]);
    await create({
      name: 'C выше',
      priority: 2,
      startDate: today,
      boostType: 'HARD',
      productIds: [C!],
    });
    expect(await productIds({ productId: A!, viewed: A! })).toEqual([C, D, E]);
    // G is no neighbour's: a pin brings it from the catalogue.
    await create({
      name: 'G первым',
      priority: 3,
      startDate: today,
      boostType: 'PIN',
      productIds: [G!],
    });
    expect(await productIds({ productId: A!, viewed: A! })).toEqual([G, C, D, E]);
  });
});
