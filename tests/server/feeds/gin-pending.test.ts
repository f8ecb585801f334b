/**
 * An import leaves no rows waiting in the GIN indexes' pending lists (mergeGinPendingLists): every
 * search would read them through until a vacuum. PostgreSQL only: the pending lists are read with
 * its pgstattuple extension, which the embedded engine does not ship; the merge itself runs in
 * every import of the PGlite suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { run } from '#server/platform/db/sql.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { createTestDatabase, DATABASES } from '#tests/helpers/server.ts';

describe.runIf(DATABASES.includes('postgres'))('GIN pending lists after an import', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', undefined, { seeded: true });
    await run(database.db, sql`create extension if not exists pgstattuple`);
  }, 120_000);
  afterAll(() => database?.close());

  it('the products and words indexes hold none of the import in their pending lists', async () => {
    await importFeed(database, 1, await demoFeedUrl({ offers: 600 }));
    const { rows } = await run<{ name: string; pending: number }>(
      database.db,
      sql`select c.relname as name, (pgstatginindex(i.indexrelid)).pending_tuples::int as pending
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
          where a.amname = 'gin' and i.indrelid in ('catalog_products'::regclass, 'catalog_words'::regclass)`,
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['catalog_products_doc_idx', 'catalog_words_trgm_idx']),
    );
    expect(rows.filter((row) => row.pending > 0)).toEqual([]);
  });
});
