/**
 * What the process keeps of a live catalog (catalog-memory.ts) answers what the database answers:
 * the words the catalog knows as prefixes, the completions of a word being typed, the most frequent
 * words and the categories, for every prefix of the catalog's words, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import {
  buildCatalogMemory,
  createCatalogMemories,
  type CatalogMemory,
} from '#server/search/catalog-memory.ts';
import { categoryMap } from '#server/search/common.ts';
import { lookUpWords } from '#server/search/understanding.ts';
import { completions, frequentWords, knownWords } from '#server/search/word-index.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

describe.each(DATABASES)('the catalog memory on %s', (kind) => {
  let server: TestServer;
  let importId: number;
  let memory: CatalogMemory;
  let prefixes: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 600 }));
    importId = (await server.app.repos.catalog.liveImport(1))!;
    memory = await buildCatalogMemory(server.database.db, importId);
    const all = new Set<string>();
    for (const word of memory.words.words)
      for (let length = 1; length <= word.length; length++) all.add(word.slice(0, length));
    // Words the catalog does not have, LIKE's wildcards (left to the database), a Latin one.
    prefixes = [...all, 'щщщ', 'zz', 'x', 'к_р', '%', 'a\\b', ''];
  }, 240_000);
  afterAll(() => server?.close());

  it('knows the words the database knows, and leaves LIKE wildcards to it', async () => {
    const database = await lookUpWords(server.database.db, importId, prefixes);
    expect(await lookUpWords(server.database.db, importId, prefixes, memory)).toEqual(database);
    expect(knownWords(memory.words, ['к_р'])).toBeNull();
    expect(database.size).toBeGreaterThan(100);
  });

  it('completes every prefix as the statement did, and gives the same frequent words', async () => {
    for (const limit of [1, 6, 50])
      for (const prefix of prefixes.filter((p) => !/[%_\\]/.test(p))) {
        const { rows } = await run<{ word: string; products: number }>(
          server.database.db,
          sql`select word, products from catalog_words where import_id = ${importId}
              and word like ${`${prefix}%`} and length(word) >= 3 order by products desc, word limit ${limit}`,
        );
        expect(completions(memory.words, prefix, limit), prefix).toEqual(rows);
      }
    expect(completions(memory.words, 'к%', 5)).toBeNull();
    for (const limit of [1, 10, 50]) {
      const { rows } = await run<{ word: string; products: number }>(
        server.database.db,
        sql`select word, products from catalog_words where import_id = ${importId}
            and length(word) >= 4 and word !~ '[0-9]' order by products desc, word limit ${limit}`,
      );
      expect(frequentWords(memory.words, limit)).toEqual(rows);
    }
  });

  it('has every category the database has', async () => {
    const { rows } = await run<{ id: string }>(
      server.database.db,
      sql`select id from catalog_categories where import_id = ${importId}`,
    );
    const ids = [...rows.map((row) => row.id), 'no-such-category'];
    const database = await categoryMap(server.database.db, importId, ids);
    expect(await categoryMap(server.database.db, importId, ids, memory)).toEqual(database);
    expect(database.size).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(5);
  });

  it('keeps the memories by size and count, the least recently used leaving first', async () => {
    const names = memory.names.names.length;
    // Imports that do not exist build empty memories: the count's limit alone decides for them.
    const [none, other] = [importId + 1000, importId + 1001];
    const byCount = createCatalogMemories(server.database.db, { names, imports: 2 });
    await byCount.built(importId);
    await byCount.built(none);
    expect(byCount.ready(importId)?.names.names.length).toBe(names);
    await byCount.built(other);
    expect(byCount.ready(none), 'the least recently used left').toBeUndefined();
    expect(byCount.ready(importId)).toBeDefined();
    await byCount.built(none);
    expect(byCount.ready(other), 'the least recently read left').toBeUndefined();
    // One name over the size: the newest stays, the older import's memory leaves.
    const bySize = createCatalogMemories(server.database.db, { names: names - 1, imports: 64 });
    expect((await bySize.built(importId)).names.names.length).toBe(names);
    expect(bySize.ready(importId), 'never the newest').toBeDefined();
    await bySize.built(none);
    expect(bySize.ready(importId)).toBeUndefined();
    expect(bySize.ready(none)).toBeDefined();
  });
});
