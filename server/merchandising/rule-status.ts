/**
 * What the live catalog says of a rule's items: the products, categories and brands it lacks or
 * has out of stock, and the switch and period issues every rule shares. Boost and recommendation
 * rules build their statuses on these (boost-rules.ts, recs-rules.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RuleIssue } from '#contract/entities/merchandising.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';

export const liveImport = (siteId: number) =>
  sql`(select import_id from catalogs where site_id = ${siteId})`;

/** The first few of a set of items, and how many there are. */
export interface Found {
  items: string[];
  n: number;
}
export const NONE: Found = { items: [], n: 0 };

export async function found(db: Db | Tx, query: SQL): Promise<Found> {
  const { rows } = await run<{ i: string; n: number }>(
    db,
    sql`select i, count(*) over ()::int as n from (${query}) f limit 5`,
  );
  return { items: rows.map((r) => r.i), n: rows[0]?.n ?? 0 };
}

/** Of `ids`, the products the live catalog lacks. */
export const missingProducts = (siteId: number, ids: string[]) =>
  sql`select i from unnest(${arrayParam(ids, 'text')}) i where not exists
        (select 1 from catalog_products p where p.import_id = ${liveImport(siteId)} and p.id = i)`;
/** Of `ids`, the products of the live catalog that are out of stock. */
export const unavailableProducts = (siteId: number, ids: string[]) =>
  sql`select i from unnest(${arrayParam(ids, 'text')}) i where exists
        (select 1 from catalog_products p where p.import_id = ${liveImport(siteId)} and p.id = i
           and not p.available)`;
/** Of `ids`, the categories the live catalog lacks. */
export const missingCategories = (siteId: number, ids: string[]) =>
  sql`select i from unnest(${arrayParam(ids, 'text')}) i where not exists
        (select 1 from catalog_categories c where c.import_id = ${liveImport(siteId)} and c.id = i)`;

/** The switch and period issues of a rule. */
export function timeIssues(
  row: { startAt: Date | null; endAt: Date | null },
  enabled: boolean,
  now: Date,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!enabled) issues.push({ code: 'DISABLED', items: [], blocking: true });
  if (row.startAt !== null && row.startAt > now)
    issues.push({ code: 'NOT_STARTED', items: [], blocking: true });
  if (row.endAt !== null && row.endAt <= now)
    issues.push({ code: 'ENDED', items: [], blocking: true });
  return issues;
}

export interface Status {
  live: boolean;
  issues: RuleIssue[];
  /** What the live catalog lacks (unknown products, brands, categories), or null. */
  error: string | null;
}

export const notInCatalog = (missing: Found) =>
  missing.n ? `Not in the catalog: ${missing.items.join(', ')}` : null;
