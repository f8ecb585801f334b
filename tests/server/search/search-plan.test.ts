/**
 * What lets the planner answer the public search's match from the full-text and trigram indexes
 * instead of scanning the catalogue (at 100 000 offers the scan made every search ≈ 1 s;
 * bench:search has the figures): pg_trgm's operators priced as what they cost (migration 0034)
 * and statistics on catalog_products right after an import (PGlite never runs autovacuum).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { liveImport, matchCondition } from '#server/search/common.ts';
import type { Database } from '#server/platform/db/client.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, createTestDatabase } from '#tests/helpers/server.ts';

describe.each(DATABASES)('the search match planned on indexes, %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database);
    await importFeed(database, 1, await demoFeedUrl({ offers: 3000 }));
  }, 180_000);
  afterAll(() => database.close());

  it('prices the trigram operators and analyses the products the import built', async () => {
    const { rows: costs } = await run<{ proname: string; procost: number }>(
      database.db,
      sql`select proname, procost::float8 as procost from pg_proc
          where proname in ('word_similarity_op', 'word_similarity_commutator_op', 'similarity_op')
          order by proname`,
    );
    expect(costs).toEqual([
      { proname: 'similarity_op', procost: 100 },
      { proname: 'word_similarity_commutator_op', procost: 100 },
      { proname: 'word_similarity_op', procost: 100 },
    ]);
    const { rows: stats } = await run<{ attname: string }>(
      database.db,
      sql`select attname from pg_stats where tablename = 'catalog_products'
          and attname in ('import_id', 'name')`,
    );
    expect(stats.map((row) => row.attname).sort()).toEqual(['import_id', 'name']);
  });

  it('finds with the indexes exactly what a scan finds', async () => {
    const importId = (await liveImport(database.db, 1))!;
    const counted = sql`select count(*)::int as n from catalog_products p
      where p.import_id = ${importId} and ${matchCondition({
        importId,
        st: 'куртка',
        words: ['куртка'],
        showUnavailable: true,
        multiplier: 1,
      })}`;
    const count = (scan: boolean) =>
      database.db.transaction(async (tx) => {
        for (const setting of scan ? ['enable_bitmapscan', 'enable_indexscan'] : ['enable_seqscan'])
          await run(tx, sql.raw(`set local ${setting} = off`));
        const { rows: plan } = await run<{ 'QUERY PLAN': string }>(tx, sql`explain ${counted}`);
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(text.includes('Seq Scan on catalog_products')).toBe(scan);
        return (await run<{ n: number }>(tx, counted)).rows[0]!.n;
      });
    const indexed = await count(false);
    expect(indexed).toBeGreaterThan(0);
    expect(await count(true)).toBe(indexed);
  });
});
