/** Staging rows of the delta and regional feeds in `feed_delta_rows`, before one apply. */
import { sql } from 'drizzle-orm';
import { arrayParam } from '../platform/db/any.ts';
import type { Db } from '../platform/db/client.ts';
import type { CatalogParam, feedDeltaRows } from '../platform/db/schema.ts';
import { run } from '../platform/db/sql.ts';

/** Params as a staged delta row holds them (null: none). */
export function stagedParams(
  params: readonly CatalogParam[],
): { name: string; values: string[] }[] | null {
  return params.length ? params.map(({ name, value }) => ({ name, values: [value] })) : null;
}

/**
 * Stages rows in `feed_delta_rows` with one statement of seven array parameters (unnest), whatever
 * the number of rows: a multi-row VALUES of 1 000 rows is 7 000 parameters to bind and plan, the
 * slowest part of a large delta feed on the embedded engine.
 */
export async function stageDeltaRows(
  db: Db,
  rows: readonly (typeof feedDeltaRows.$inferInsert)[],
): Promise<void> {
  if (!rows.length) return;
  const column = (pick: (row: (typeof rows)[number]) => string | number | null | undefined) =>
    rows.map((row) => pick(row) ?? null);
  await run(
    db,
    sql`insert into feed_delta_rows (batch, line, offer_id, region_id, price, available, params,
          region_params)
        select * from unnest(
          ${arrayParam(
            column((row) => row.batch),
            'text',
          )}, ${arrayParam(
            column((row) => row.line),
            'int',
          )}, ${arrayParam(
            column((row) => row.offerId),
            'text',
          )}, ${arrayParam(
            column((row) => row.regionId),
            'text',
          )}, ${arrayParam(
            column((row) => row.price),
            'float8',
          )}, ${arrayParam(
            column((row) => (typeof row.available === 'boolean' ? String(row.available) : null)),
            'boolean',
          )}, ${arrayParam(
            column((row) => (row.params ? JSON.stringify(row.params) : null)),
            'jsonb',
          )}, ${arrayParam(
            column((row) => (row.regionParams ? JSON.stringify(row.regionParams) : null)),
            'jsonb',
          )})`,
  );
}
