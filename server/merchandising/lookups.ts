import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { arrayParam } from '../platform/db/any.ts';
import { run } from '../platform/db/sql.ts';

/** The products of the site's live catalog among `ids` (a pin or a model entry must name one). */
export async function knownProducts(tx: Db | Tx, siteId: number, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const { rows } = await run<{ id: string }>(
    tx,
    sql`select id from catalog_products where import_id = (select import_id from catalogs where site_id = ${siteId})
        and id = any(${arrayParam([...new Set(ids)], 'text')})`,
  );
  return new Set(rows.map((row) => row.id));
}

export interface RedirectRow {
  siteId: number;
  query: string;
  queryKey: string;
  url: string;
  mobileUrl: string | null;
  name: string | null;
}

/** An uploaded redirect: a new query, or the one with the same words replaced. */
export async function upsertRedirect(tx: Tx, row: RedirectRow) {
  await run(
    tx,
    sql`insert into merch_redirects (site_id, query, query_key, url, mobile_url, name)
        values (${row.siteId}, ${row.query}, ${row.queryKey}, ${row.url}, ${row.mobileUrl}, ${row.name})
        on conflict (site_id, query_key) do update set query = excluded.query, url = excluded.url,
          mobile_url = excluded.mobile_url, name = excluded.name, updated_at = now()`,
  );
}

/**
 * What a recommendation rule may name on this site: its feed regions (the global one first), its
 * live recommendation blocks and its strategies' hashes.
 */
export async function recsRuleTargets(db: Db, siteId: number) {
  const { rows: regions } = await run<{ id: string }>(
    db,
    sql`select 'global' as id union select distinct region_id from feed_history where site_id = ${siteId} order by 1`,
  );
  const { rows: blocks } = await run<{ id: string; name: string | null }>(
    db,
    sql`select distinct on (key) key::text as id, data->>'name' as name from config_versions
        where site_id = ${siteId} and kind = 'recommendations-block' and not test
        order by key, version desc`,
  );
  const { rows: strategies } = await run<{ hash: string }>(
    db,
    sql`select hash from recs_strategies where site_id = ${siteId} order by hash`,
  );
  return {
    regions: regions.map((row) => row.id),
    placements: blocks.map((row) => ({ id: row.id, name: row.name ?? row.id })),
    strategies: strategies.map((row) => row.hash),
  };
}
