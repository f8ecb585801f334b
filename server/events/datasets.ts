import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { KIND } from './codes.ts';

export interface EventDataset {
  kind: number;
  rows: number;
  from: string | null;
  to: string | null;
}

/** The raw events the model builders learn from: rows and first and last day per kind. */
export async function trainingDatasets(db: Db | Tx, siteId: number): Promise<EventDataset[]> {
  const { rows } = await run<EventDataset>(
    db,
    sql`select kind, count(*)::int as rows, min(day)::text as from, max(day)::text as to
        from events where site_id = ${siteId}
          and kind in (${KIND.SEARCH}, ${KIND.PRODUCT_CLICK}, ${KIND.PRODUCT_VIEW}, ${KIND.ADD_TO_CART}, ${KIND.ORDER})
        group by kind order by kind`,
  );
  return rows;
}
