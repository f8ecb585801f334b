import type { SQL } from 'drizzle-orm';
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
