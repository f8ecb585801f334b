import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** Runs a hand-written query on either driver: node-postgres and PGlite answer differently. */
export async function run<T>(db: Db | Tx, query: SQL): Promise<{ rows: T[]; count: number }> {
  const result = (await db.execute(query)) as unknown as {
    rows?: T[];
    rowCount?: number | null;
    affectedRows?: number;
  };
  return {
    rows: result.rows ?? [],
    count: result.rowCount ?? result.affectedRows ?? result.rows?.length ?? 0,
  };
}

/**
 * Merges the pending lists of a table's GIN indexes into the indexes. Rows written in bulk wait in
 * those lists (fastupdate) until a vacuum comes, and every scan of the index reads the lists
 * through meanwhile: after a 100 000-offer import the product indexes held half the import's rows
 * there, and a search's index scans took ten times as long. Called after the bulk writes.
 */
export async function mergeGinPendingLists(db: Db | Tx, table: string): Promise<void> {
  await db.execute(
    sql`select gin_clean_pending_list(i.indexrelid) from pg_index i
        join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where a.amname = 'gin' and i.indrelid = ${table}::regclass`,
  );
}
