/**
 * Boost rules (spec part 2 §7 "Merchandising"): read with their storefront status, written per
 * site, each write audited in its transaction. What they do at query time is in
 * server/search/merchandising.ts.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import type { BoostRule, boostCriteria, boostRuleInput } from '#contract/entities/merchandising.ts';
import { SETTING_SCHEMAS } from '#contract/entities/search-config.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { merchBoostRules, searchSettings } from '../platform/db/schema.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { queryKey } from '../search/merchandising.ts';
import {
  found,
  liveImport,
  missingCategories,
  missingProducts,
  NONE,
  notInCatalog,
  timeIssues,
  unavailableProducts,
  type Status,
} from './rule-status.ts';
import type { SiteZone } from './site-zone.ts';
import { instantOrNull, localOrNull, localToInstant } from './time.ts';

export type BoostInput = z.output<typeof boostRuleInput>;
export type Criteria = z.output<typeof boostCriteria>;

type BoostRow = typeof merchBoostRules.$inferSelect;

function uniqueKeys(queries: string[]): { queries: string[]; keys: string[] } {
  const keys = new Set<string>();
  const kept: string[] = [];
  for (const query of queries) {
    const key = queryKey(query);
    if (!key) throw new HttpError(400, `The query «${query}» has no words`);
    if (!keys.has(key)) {
      keys.add(key);
      kept.push(query.trim());
    }
  }
  return { queries: kept, keys: [...keys] };
}

function boostValues(site: SiteZone, input: BoostInput) {
  const { queries, keys } = uniqueKeys(input.queries);
  return {
    siteId: site.siteId,
    name: input.name,
    boostType: input.boostType,
    queries,
    queryKeys: keys,
    fullMatch: input.fullMatch,
    weight: input.weight,
    socket: input.boostType === 'PRODUCTS' ? input.socket : null,
    multiplier: input.multiplier,
    enabled: input.status,
    startAt: instantOrNull(input.startDate, site.timeZone),
    endAt: instantOrNull(input.endDate, site.timeZone),
    ranking: input.ranking,
    autocomplete: input.autocomplete,
    attribute: input.boostType === 'ATTRIBUTES' ? input.attributeName : null,
    items: [...new Set(input.filters)],
    updatedAt: new Date(),
  };
}

/**
 * What a boost rule does on the storefront now: its switch, period and surfaces, the items the
 * live catalog lacks (all of them: the rule has nothing to act on) and, for product rules, the
 * out-of-stock products it still puts forward in search.
 */
async function boostStatus(db: Db | Tx, siteId: number, rows: BoostRow[], now = new Date()) {
  const statuses = new Map<number, Status>();
  // The site's API defaults say whether its search shows out-of-stock products at all.
  let showsUnavailable: boolean | null = null;
  const showUnavailable = async () => {
    if (showsUnavailable === null) {
      const [setting] = await db
        .select({ value: searchSettings.value })
        .from(searchSettings)
        .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, 'api-params')));
      const parsed = SETTING_SCHEMAS['api-params'].safeParse(setting?.value);
      showsUnavailable = parsed.success ? parsed.data.showUnavailable : true;
    }
    return showsUnavailable;
  };
  for (const row of rows) {
    const issues = timeIssues(row, row.enabled, now);
    if (!row.ranking && !row.autocomplete)
      issues.push({ code: 'NO_SURFACE', items: [], blocking: true });
    let missing = NONE;
    let unavailable = NONE;
    if (row.boostType === 'PRODUCTS' || row.boostType === 'PRODUCTS_EXCLUDE')
      missing = await found(db, missingProducts(siteId, row.items));
    else if (row.boostType === 'BRANDS')
      missing = await found(
        db,
        sql`select i from unnest(${arrayParam(row.items, 'text')}) i where not exists
          (select 1 from catalog_products p where p.import_id = ${liveImport(siteId)} and p.vendor = i)`,
      );
    else if (row.boostType.startsWith('CATEGORIES'))
      missing = await found(db, missingCategories(siteId, row.items));
    else if (row.boostType === 'ATTRIBUTES')
      missing = await found(
        db,
        sql`select i from unnest(${arrayParam(row.items, 'text')}) i where not exists
          (select 1 from catalog_products p where p.import_id = ${liveImport(siteId)}
             and p.params @> jsonb_build_array(jsonb_build_object('name', ${row.attribute ?? ''}::text, 'value', i)))`,
      );
    if (row.boostType === 'PRODUCTS')
      unavailable = await found(db, unavailableProducts(siteId, row.items));
    // Out-of-stock products a search that hides them never shows: as good as missing.
    const hidden = unavailable.n > 0 && !(await showUnavailable());
    const unusable = missing.n + (hidden ? unavailable.n : 0);
    // CATEGORIES_INCLUDE with none of its categories would empty every answer: it still acts.
    const nothing =
      row.items.length > 0 &&
      unusable >= row.items.length &&
      row.boostType !== 'CATEGORIES_INCLUDE';
    if (missing.n) issues.push({ code: 'MISSING', items: missing.items, blocking: nothing });
    if (unavailable.n)
      issues.push({
        code: hidden ? 'UNAVAILABLE_HIDDEN' : 'UNAVAILABLE_SHOWN',
        items: unavailable.items,
        blocking: hidden && nothing,
      });
    statuses.set(row.id, {
      live: !issues.some((issue) => issue.blocking),
      issues,
      error: notInCatalog(missing),
    });
  }
  return statuses;
}

function toBoost(row: BoostRow, zone: string, status: Status): BoostRule {
  return {
    id: row.id,
    name: row.name,
    boostType: row.boostType as BoostRule['boostType'],
    queries: row.queries,
    fullMatch: row.fullMatch,
    weight: row.weight,
    socket: row.socket,
    multiplier: row.multiplier,
    status: row.enabled,
    startDate: localOrNull(row.startAt, zone),
    endDate: localOrNull(row.endAt, zone),
    ranking: row.ranking,
    autocomplete: row.autocomplete,
    attributeName: row.attribute,
    filters: row.items,
    live: status.live,
    error: status.error,
    issues: status.issues,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createBoostRules(db: Db) {
  const boostById = async (tx: Db | Tx, siteId: number, id: number) => {
    const [row] = await tx
      .select()
      .from(merchBoostRules)
      .where(and(eq(merchBoostRules.siteId, siteId), eq(merchBoostRules.id, id)));
    if (!row) throw notFound('Boost rule');
    return row;
  };
  const boostOut = async (tx: Db | Tx, site: SiteZone, row: BoostRow) =>
    toBoost(row, site.timeZone, (await boostStatus(tx, site.siteId, [row])).get(row.id)!);

  /** Adds products to the query's own rule of a type (created when missing), in one transaction. */
  const addProducts = (
    site: SiteZone,
    actor: string,
    type: 'PRODUCTS' | 'PRODUCTS_EXCLUDE',
    input: { query: string; productIds: string[]; socket?: number | null },
  ) =>
    db.transaction(async (tx) => {
      const key = queryKey(input.query);
      if (!key) throw new HttpError(400, `The query «${input.query}» has no words`);
      const [existing] = await tx
        .select()
        .from(merchBoostRules)
        .where(
          and(
            eq(merchBoostRules.siteId, site.siteId),
            eq(merchBoostRules.boostType, type),
            eq(merchBoostRules.fullMatch, true),
            sql`${merchBoostRules.queryKeys} = array[${key}]::text[]`,
            type === 'PRODUCTS'
              ? sql`${merchBoostRules.socket} is not distinct from ${input.socket ?? null}::int`
              : sql`true`,
          ),
        )
        .orderBy(asc(merchBoostRules.id))
        .limit(1);
      let row: BoostRow;
      if (existing) {
        const items = [
          ...input.productIds,
          ...existing.items.filter((id) => !input.productIds.includes(id)),
        ];
        [row] = (await tx
          .update(merchBoostRules)
          .set({ items, enabled: true, updatedAt: new Date() })
          .where(eq(merchBoostRules.id, existing.id))
          .returning()) as [BoostRow];
      } else {
        [row] = (await tx
          .insert(merchBoostRules)
          .values({
            siteId: site.siteId,
            name: `${type === 'PRODUCTS' ? 'Закрепление' : 'Скрытие'}: ${input.query.trim()}`,
            boostType: type,
            queries: [input.query.trim()],
            queryKeys: [key],
            fullMatch: true,
            socket: type === 'PRODUCTS' ? (input.socket ?? null) : null,
            items: [...new Set(input.productIds)],
          })
          .returning()) as [BoostRow];
      }
      await recordAudit(tx, {
        actor,
        action: existing ? 'update' : 'create',
        entity: 'boost-rule',
        entityId: row.id,
        before: existing ?? null,
        after: row,
      });
      return boostOut(tx, site, row);
    });

  return {
    async criteria(
      site: SiteZone,
      criteria: Criteria,
      paging: { offset: number; limit: number; query?: string | undefined },
    ): Promise<{ total: number; items: BoostRule[] }> {
      const where: SQL[] = [eq(merchBoostRules.siteId, site.siteId)];
      const f = criteria.filters;
      if (f.boostType) where.push(eq(merchBoostRules.boostType, f.boostType));
      if (f.status !== undefined) where.push(eq(merchBoostRules.enabled, f.status));
      if (f.name) where.push(sql`${merchBoostRules.name} ilike ${containsPattern(f.name)}`);
      if (paging.query) {
        const key = queryKey(paging.query);
        where.push(
          sql`exists (select 1 from unnest(${merchBoostRules.queryKeys}) k where k like ${containsPattern(key)})`,
        );
      }
      if (criteria.productExternalId)
        where.push(
          sql`${merchBoostRules.boostType} in ('PRODUCTS', 'PRODUCTS_EXCLUDE') and ${criteria.productExternalId} = any(${merchBoostRules.items})`,
        );
      if (criteria.startDateFrom)
        where.push(
          sql`(${merchBoostRules.endAt} is null or ${merchBoostRules.endAt} >= ${localToInstant(criteria.startDateFrom, site.timeZone)})`,
        );
      if (criteria.startDateTo)
        where.push(
          sql`(${merchBoostRules.startAt} is null or ${merchBoostRules.startAt} <= ${localToInstant(criteria.startDateTo, site.timeZone)})`,
        );
      const condition = and(...where);
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(merchBoostRules)
        .where(condition);
      const rows = await db
        .select()
        .from(merchBoostRules)
        .where(condition)
        .orderBy(desc(merchBoostRules.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const statuses = await boostStatus(db, site.siteId, rows);
      return {
        total: n,
        items: rows.map((row) => toBoost(row, site.timeZone, statuses.get(row.id)!)),
      };
    },

    async getBoost(site: SiteZone, id: number, boostType?: string): Promise<BoostRule> {
      const row = await boostById(db, site.siteId, id);
      if (boostType && row.boostType !== boostType) throw notFound('Boost rule');
      return boostOut(db, site, row);
    },

    createBoost: (site: SiteZone, input: BoostInput, actor: string) =>
      db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(merchBoostRules)
          .values(boostValues(site, input))
          .returning()) as [BoostRow];
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'boost-rule',
          entityId: row.id,
          after: row,
        });
        return boostOut(tx, site, row);
      }),

    updateBoost: (site: SiteZone, id: number, input: BoostInput, actor: string) =>
      db.transaction(async (tx) => {
        const before = await boostById(tx, site.siteId, id);
        const [row] = (await tx
          .update(merchBoostRules)
          .set(boostValues(site, input))
          .where(eq(merchBoostRules.id, id))
          .returning()) as [BoostRow];
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'boost-rule',
          entityId: id,
          before,
          after: row,
        });
        return boostOut(tx, site, row);
      }),

    deleteBoost: (siteId: number, id: number, actor: string) =>
      db.transaction(async (tx) => {
        const before = await boostById(tx, siteId, id);
        await tx.delete(merchBoostRules).where(eq(merchBoostRules.id, id));
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'boost-rule',
          entityId: id,
          before,
        });
      }),

    pinProducts: (
      site: SiteZone,
      actor: string,
      input: { query: string; productIds: string[]; socket: number | null },
    ) => addProducts(site, actor, 'PRODUCTS', input),
    excludeProducts: (
      site: SiteZone,
      actor: string,
      input: { query: string; productIds: string[] },
    ) => addProducts(site, actor, 'PRODUCTS_EXCLUDE', input),

    /** Upload rows grouped into rules (one per boostName and query); every row lands or none. */
    async insertBoostRules(
      tx: Tx,
      site: SiteZone,
      actor: string,
      rules: { name: string; query: string; input: Omit<BoostInput, 'name' | 'queries'> }[],
    ) {
      for (const rule of rules) {
        const [row] = (await tx
          .insert(merchBoostRules)
          .values(boostValues(site, { ...rule.input, name: rule.name, queries: [rule.query] }))
          .returning()) as [BoostRow];
        await recordAudit(tx, {
          actor,
          action: 'upload',
          entity: 'boost-rule',
          entityId: row.id,
          after: row,
        });
      }
    },
  };
}
