/**
 * The name similarity's shortcut (index-shape.ts: a one-word query standing in the name as a
 * whole word is 1) gives exactly what pg_trgm's word_similarity gives: over a demo catalog's
 * names and a set of awkward ones, for the catalog's own words and a few more, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { wordSimilarity } from '#server/search/index-shape.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/** Names where a regular expression's idea of a word and pg_trgm's could part. */
const AWKWARD = [
  'КУРТКА',
  'куртка-парка',
  'куртка_парка',
  'курткаé',
  'éкуртка',
  'Куртка²',
  'Куртка (зимняя)',
  'ещё куртка',
  'kari Kari KARI',
  'kari_shoes',
  '  куртка  ',
  'к у р т к а',
  'курт',
  '',
];

describe.each(DATABASES)('the name similarity on %s', (kind) => {
  let server: TestServer;
  let words: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 300 }));
    const { rows } = await run<{ word: string }>(
      server.database.db,
      sql`select distinct w.word from catalog_words w join catalogs c on c.import_id = w.import_id
          where c.site_id = 1 order by w.word limit 120`,
    );
    words = [...rows.map((row) => row.word), 'куртка', 'kari', 'ещё', 'е', 'к', '2'];
  }, 240_000);
  afterAll(() => server?.close());

  it('is word_similarity for every word and name, and takes the shortcut where it can', async () => {
    let shortcuts = 0;
    for (const word of words) {
      const { rows } = await run<{ differ: number; whole: number; n: number }>(
        server.database.db,
        sql`select count(*) filter (where ${wordSimilarity(word)} <> word_similarity(${word}, p.name))::int as differ,
              count(*) filter (where p.name ~* ${`\\m${word}\\M`})::int as whole,
              count(*)::int as n
            from (select name from catalog_products
                  union all select unnest(${`{${AWKWARD.map((name) => `"${name}"`).join(',')}}`}::text[])) p(name)`,
      );
      expect(rows[0]!.differ, word).toBe(0);
      expect(rows[0]!.n).toBeGreaterThan(AWKWARD.length);
      shortcuts += rows[0]!.whole;
    }
    // The shortcut is taken (else it would prove nothing): in C.UTF-8 for Cyrillic and Latin.
    expect(shortcuts).toBeGreaterThan(100);
  });
});
