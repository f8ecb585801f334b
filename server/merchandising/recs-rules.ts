/**
 * Recommendation rules (spec part 2 §7 "Merchandising"): pins, filters and boosts of the
 * recommendation blocks, read with their status, written per site and audited.
 */
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type * as z from 'zod';
import type {
  RecsRule,
  recsRuleFilter,
  recsRuleInput,
  RuleIssue,
} from '#contract/entities/merchandising.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { merchRecsRules } from '../platform/db/schema.ts';
import { notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import {
  found,
  missingCategories,
  missingProducts,
  NONE,
  timeIssues,
  unavailableProducts,
} from './rule-status.ts';
import type { SiteZone } from './site-zone.ts';
import { instantOrNull, localOrNull, localToInstant, toLocal } from './time.ts';

export type RecsInput = z.output<typeof recsRuleInput>;
export type RecsFilter = z.output<typeof recsRuleFilter>;

type RecsRow = typeof merchRecsRules.$inferSelect;

/**
 * What a recommendation rule does now: its period, the products and categories the live catalog
 * lacks and, for PIN and HARD, the out-of-stock products the recommendations never show (a pin
 * of only those does nothing).
 */
async function recsStatus(db: Db | Tx, siteId: number, row: RecsRow, now = new Date()) {
  const issues = timeIssues(row, true, now);
  const missing = await found(db, missingProducts(siteId, row.productIds));
  const missingCats = await found(db, missingCategories(siteId, row.categoryIds));
  const unavailable =
    row.boostType === 'FILTER'
      ? NONE
      : await found(db, unavailableProducts(siteId, row.productIds));
  const products = row.productIds.length - missing.n - unavailable.n;
  const categories = row.boostType === 'PIN' ? 0 : row.categoryIds.length - missingCats.n;
  const nothing = products <= 0 && categories <= 0;
  const lacking = { items: [...missing.items, ...missingCats.items], n: missing.n + missingCats.n };
  if (lacking.n)
    issues.push({ code: 'MISSING', items: lacking.items.slice(0, 5), blocking: nothing });
  if (unavailable.n)
    issues.push({ code: 'UNAVAILABLE_HIDDEN', items: unavailable.items, blocking: nothing });
  return { live: !issues.some((issue) => issue.blocking), issues };
}

function toRecs(
  row: RecsRow,
  zone: string,
  status: { live: boolean; issues: RuleIssue[] },
): RecsRule {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    startDate: toLocal(row.startAt, zone),
    endDate: localOrNull(row.endAt, zone),
    boostType: row.boostType as RecsRule['boostType'],
    regionIds: row.regionIds,
    productIds: row.productIds,
    categories: row.categoryIds,
    placements: row.placements,
    strategies: row.strategies,
    live: status.live,
    issues: status.issues,
  };
}

function recsValues(site: SiteZone, input: RecsInput) {
  return {
    siteId: site.siteId,
    name: input.name,
    priority: input.priority,
    boostType: input.boostType,
    startAt: localToInstant(input.startDate, site.timeZone),
    endAt: instantOrNull(input.endDate, site.timeZone),
    regionIds: [...new Set(input.regionIds)],
    productIds: [...new Set(input.productIds)],
    categoryIds: [...new Set(input.categories)],
    placements: [...new Set(input.placements)],
    strategies: [...new Set(input.strategies)],
    updatedAt: new Date(),
  };
}

export function createRecsRules(db: Db) {
  return {
    async recsRules(
      site: SiteZone,
      filter: RecsFilter | null,
      paging: { offset: number; limit: number },
    ): Promise<{ total: number; items: RecsRule[] }> {
      const where: SQL[] = [eq(merchRecsRules.siteId, site.siteId)];
      const overlap = (column: SQLWrapper, values: string[]) =>
        values.length ? where.push(sql`${column} && ${arrayParam(values, 'text')}`) : 0;
      if (filter) {
        overlap(merchRecsRules.productIds, filter.productIds);
        overlap(merchRecsRules.regionIds, filter.regionIds);
        overlap(merchRecsRules.categoryIds, filter.categories);
        overlap(merchRecsRules.placements, filter.placements);
        if (filter.text)
          where.push(
            sql`(${merchRecsRules.name} ilike ${containsPattern(filter.text)} or ${filter.text} = any(${merchRecsRules.productIds}))`,
          );
      }
      const condition = and(...where);
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(merchRecsRules)
        .where(condition);
      const rows = await db
        .select()
        .from(merchRecsRules)
        .where(condition)
        .orderBy(desc(merchRecsRules.startAt), desc(merchRecsRules.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const items: RecsRule[] = [];
      for (const row of rows)
        items.push(toRecs(row, site.timeZone, await recsStatus(db, site.siteId, row)));
      return { total: n, items };
    },

    async getRecs(site: SiteZone, id: number): Promise<RecsRule> {
      const [row] = await db
        .select()
        .from(merchRecsRules)
        .where(and(eq(merchRecsRules.siteId, site.siteId), eq(merchRecsRules.id, id)));
      if (!row) throw notFound('Recommendation rule');
      return toRecs(row, site.timeZone, await recsStatus(db, site.siteId, row));
    },

    async saveRecs(
      site: SiteZone,
      input: RecsInput,
      actor: string,
      id?: number,
      tx?: Tx,
    ): Promise<RecsRule> {
      const write = async (t: Tx) => {
        let before: RecsRow | undefined;
        if (id !== undefined) {
          [before] = await t
            .select()
            .from(merchRecsRules)
            .where(and(eq(merchRecsRules.siteId, site.siteId), eq(merchRecsRules.id, id)));
          if (!before) throw notFound('Recommendation rule');
        }
        const values = recsValues(site, input);
        const [row] = (
          id === undefined
            ? await t.insert(merchRecsRules).values(values).returning()
            : await t
                .update(merchRecsRules)
                .set(values)
                .where(eq(merchRecsRules.id, id))
                .returning()
        ) as [RecsRow];
        await recordAudit(t, {
          actor,
          action: id === undefined ? (tx ? 'import' : 'create') : 'update',
          entity: 'recs-rule',
          entityId: row.id,
          before: before ?? null,
          after: row,
        });
        return toRecs(row, site.timeZone, await recsStatus(t, site.siteId, row));
      };
      return tx ? write(tx) : db.transaction(write);
    },

    deleteRecs: (siteId: number, id: number, actor: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .delete(merchRecsRules)
          .where(and(eq(merchRecsRules.siteId, siteId), eq(merchRecsRules.id, id)))
          .returning();
        if (!row) throw notFound('Recommendation rule');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'recs-rule',
          entityId: id,
          before: row,
        });
      }),
  };
}
