/**
 * The merchandising rules of the console (spec part 2 §7 "Merchandising", "Custom model"):
 * boost, redirect and recommendation rules and custom models, read and written per site, each
 * write audited in its transaction. What the rules do at query time is in
 * server/search/merchandising.ts.
 */
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type * as z from 'zod';
import type {
  BoostRule,
  boostCriteria,
  boostRuleInput,
  CustomModel,
  customModelInput,
  RecsRule,
  recsRuleFilter,
  recsRuleInput,
  RedirectRule,
  redirectRuleInput,
  RuleIssue,
} from '#contract/entities/merchandising.ts';
import { SETTING_SCHEMAS } from '#contract/entities/search-config.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import {
  customModelEntries,
  customModels,
  merchBoostRules,
  merchRecsRules,
  merchRedirects,
  searchSettings,
} from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { run } from '../platform/db/sql.ts';
import { queryKey } from '../search/merchandising.ts';
import { localToInstant, toLocal } from './time.ts';

export type BoostInput = z.output<typeof boostRuleInput>;
export type RedirectInput = z.output<typeof redirectRuleInput>;
export type RecsInput = z.output<typeof recsRuleInput>;
export type Criteria = z.output<typeof boostCriteria>;
export type RecsFilter = z.output<typeof recsRuleFilter>;

/** The site a call acts on: its id and the zone its rule periods are written in. */
export interface SiteZone {
  siteId: number;
  timeZone: string;
}

type BoostRow = typeof merchBoostRules.$inferSelect;
type RecsRow = typeof merchRecsRules.$inferSelect;

const local = (instant: Date | null, zone: string) => (instant ? toLocal(instant, zone) : null);
const instant = (text: string | null, zone: string) => (text ? localToInstant(text, zone) : null);

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
    startAt: instant(input.startDate, site.timeZone),
    endAt: instant(input.endDate, site.timeZone),
    ranking: input.ranking,
    autocomplete: input.autocomplete,
    attribute: input.boostType === 'ATTRIBUTES' ? input.attributeName : null,
    items: [...new Set(input.filters)],
    updatedAt: new Date(),
  };
}

const liveImport = (siteId: number) =>
  sql`(select import_id from catalogs where site_id = ${siteId})`;

/** The first few of a set of items, and how many there are. */
interface Found {
  items: string[];
  n: number;
}
const NONE: Found = { items: [], n: 0 };

async function found(db: Db | Tx, query: SQL): Promise<Found> {
  const { rows } = await run<{ i: string; n: number }>(
    db,
    sql`select i, count(*) over ()::int as n from (${query}) f limit 5`,
  );
  return { items: rows.map((r) => r.i), n: rows[0]?.n ?? 0 };
}

/** Of `ids`, the products the live catalog lacks. */
const missingProducts = (siteId: number, ids: string[]) =>
  sql`select i from unnest(${arrayParam(ids, 'text')}) i where not exists
        (select 1 from catalog_products p where p.import_id = ${liveImport(siteId)} and p.id = i)`;
/** Of `ids`, the products of the live catalog that are out of stock. */
const unavailableProducts = (siteId: number, ids: string[]) =>
  sql`select i from unnest(${arrayParam(ids, 'text')}) i where exists
        (select 1 from catalog_products p where p.import_id = ${liveImport(siteId)} and p.id = i
           and not p.available)`;
/** Of `ids`, the categories the live catalog lacks. */
const missingCategories = (siteId: number, ids: string[]) =>
  sql`select i from unnest(${arrayParam(ids, 'text')}) i where not exists
        (select 1 from catalog_categories c where c.import_id = ${liveImport(siteId)} and c.id = i)`;

/** The switch and period issues of a rule. */
function timeIssues(
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

interface Status {
  live: boolean;
  issues: RuleIssue[];
  /** What the live catalog lacks (unknown products, brands, categories), or null. */
  error: string | null;
}

const notInCatalog = (missing: Found) =>
  missing.n ? `Not in the catalog: ${missing.items.join(', ')}` : null;

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
    startDate: local(row.startAt, zone),
    endDate: local(row.endAt, zone),
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

function toRedirect(row: typeof merchRedirects.$inferSelect): RedirectRule {
  return {
    id: row.id,
    query: row.query,
    url: row.url,
    mobileUrl: row.mobileUrl,
    name: row.name,
    updatedAt: row.updatedAt.toISOString(),
  };
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
    endDate: local(row.endAt, zone),
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
    endAt: instant(input.endDate, site.timeZone),
    regionIds: [...new Set(input.regionIds)],
    productIds: [...new Set(input.productIds)],
    categoryIds: [...new Set(input.categories)],
    placements: [...new Set(input.placements)],
    strategies: [...new Set(input.strategies)],
    updatedAt: new Date(),
  };
}

/**
 * A custom model as the audit records it: the model row with every entry of its lists, so a
 * restore from the audit (server/audit/restore.ts) can put both back.
 */
export async function modelSnapshot(tx: Db | Tx, modelId: number) {
  const [row] = await tx.select().from(customModels).where(eq(customModels.id, modelId));
  if (!row) return null;
  const entries = await tx
    .select()
    .from(customModelEntries)
    .where(eq(customModelEntries.modelId, modelId))
    .orderBy(asc(customModelEntries.queryKey), asc(customModelEntries.position));
  return { ...row, entries };
}

export function createMerchandisingRepository(db: Db) {
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
    // ---- boost rules ----
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

    // ---- redirects ----
    async redirects(siteId: number, text: string, paging: { offset: number; limit: number }) {
      const where = and(
        eq(merchRedirects.siteId, siteId),
        text
          ? sql`(${merchRedirects.query} ilike ${containsPattern(text)} or ${merchRedirects.url} ilike ${containsPattern(text)} or coalesce(${merchRedirects.name}, '') ilike ${containsPattern(text)})`
          : undefined,
      );
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(merchRedirects)
        .where(where);
      const rows = await db
        .select()
        .from(merchRedirects)
        .where(where)
        .orderBy(asc(merchRedirects.query), asc(merchRedirects.id))
        .limit(paging.limit)
        .offset(paging.offset);
      return { total: n, items: rows.map(toRedirect) };
    },

    async saveRedirect(
      siteId: number,
      input: RedirectInput,
      actor: string,
      id?: number,
      tx?: Tx,
    ): Promise<RedirectRule> {
      const key = queryKey(input.query);
      if (!key) throw new HttpError(400, `The query «${input.query}» has no words`);
      const values = {
        siteId,
        query: input.query.trim(),
        queryKey: key,
        url: input.url,
        mobileUrl: input.mobileUrl,
        name: input.name || null,
        updatedAt: new Date(),
      };
      const write = async (t: Tx) => {
        let before: typeof merchRedirects.$inferSelect | undefined;
        if (id !== undefined) {
          [before] = await t
            .select()
            .from(merchRedirects)
            .where(and(eq(merchRedirects.siteId, siteId), eq(merchRedirects.id, id)));
          if (!before) throw notFound('Redirect rule');
        }
        const [row] = (
          id === undefined
            ? await t.insert(merchRedirects).values(values).returning()
            : await t
                .update(merchRedirects)
                .set(values)
                .where(eq(merchRedirects.id, id))
                .returning()
        ) as [typeof merchRedirects.$inferSelect];
        await recordAudit(t, {
          actor,
          action: id === undefined ? 'create' : 'update',
          entity: 'redirect-rule',
          entityId: row.id,
          before: before ?? null,
          after: row,
        });
        return toRedirect(row);
      };
      try {
        return tx ? await write(tx) : await db.transaction(write);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, `There is already a redirect for «${input.query}»`, {
            code: 'duplicate',
          });
        throw error;
      }
    },

    deleteRedirect: (siteId: number, id: number, actor: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .delete(merchRedirects)
          .where(and(eq(merchRedirects.siteId, siteId), eq(merchRedirects.id, id)))
          .returning();
        if (!row) throw notFound('Redirect rule');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'redirect-rule',
          entityId: id,
          before: row,
        });
      }),

    // ---- recommendation rules ----
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

    // ---- custom models ----
    async models(siteId: number, modelId?: number): Promise<CustomModel[]> {
      const models = await db
        .select()
        .from(customModels)
        .where(
          and(
            eq(customModels.siteId, siteId),
            modelId === undefined ? undefined : eq(customModels.id, modelId),
          ),
        )
        .orderBy(asc(customModels.id));
      if (!models.length) return [];
      const entries = await db
        .select()
        .from(customModelEntries)
        .where(
          sql`${customModelEntries.modelId} = any(${arrayParam(
            models.map((m) => m.id),
            'int',
          )})`,
        )
        .orderBy(
          asc(customModelEntries.modelId),
          asc(customModelEntries.queryKey),
          asc(customModelEntries.position),
        );
      return models.map((model) => {
        const queries = new Map<string, { query: string; productIds: string[] }>();
        for (const entry of entries.filter((e) => e.modelId === model.id)) {
          const list = queries.get(entry.queryKey) ?? { query: entry.query, productIds: [] };
          list.productIds.push(entry.productId);
          queries.set(entry.queryKey, list);
        }
        return {
          id: model.id,
          name: model.name,
          enabled: model.enabled,
          queries: [...queries.values()],
          updatedAt: model.updatedAt.toISOString(),
        };
      });
    },

    async saveModel(
      siteId: number,
      input: z.output<typeof customModelInput>,
      actor: string,
      id?: number,
    ): Promise<CustomModel> {
      try {
        const modelId = await db.transaction(async (tx) => {
          const [before] =
            id === undefined
              ? []
              : await tx
                  .select()
                  .from(customModels)
                  .where(and(eq(customModels.siteId, siteId), eq(customModels.id, id)))
                  .for('update');
          if (id !== undefined && !before) throw notFound('Custom model');
          const [row] =
            id === undefined
              ? await tx
                  .insert(customModels)
                  .values({ siteId, name: input.name, enabled: input.enabled })
                  .returning()
              : await tx
                  .update(customModels)
                  .set({ name: input.name, enabled: input.enabled, updatedAt: new Date() })
                  .where(and(eq(customModels.siteId, siteId), eq(customModels.id, id)))
                  .returning();
          if (!row) throw notFound('Custom model');
          await recordAudit(tx, {
            actor,
            action: id === undefined ? 'create' : 'update',
            entity: 'custom-model',
            entityId: row.id,
            before: before ?? null,
            after: row,
          });
          return row.id;
        });
        return (await this.models(siteId, modelId))[0]!;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, `There is already a model named «${input.name}»`, {
            code: 'duplicate',
          });
        throw error;
      }
    },

    deleteModel: (siteId: number, id: number, actor: string) =>
      db.transaction(async (tx) => {
        // the lists go with the model (cascade): the audit keeps them for a restore
        const before = await modelSnapshot(tx, id);
        if (!before || before.siteId !== siteId) throw notFound('Custom model');
        await tx.delete(customModels).where(eq(customModels.id, id));
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'custom-model',
          entityId: id,
          before,
        });
      }),

    async modelOf(tx: Db | Tx, siteId: number, modelId: number) {
      const [row] = await tx
        .select()
        .from(customModels)
        .where(and(eq(customModels.siteId, siteId), eq(customModels.id, modelId)));
      if (!row) throw notFound('Custom model');
      return row;
    },

    /** Replaces the lists of the uploaded queries (each query's list as the file orders it). */
    async replaceModelLists(
      tx: Tx,
      siteId: number,
      modelId: number,
      actor: string,
      lists: Map<string, { query: string; productIds: string[] }>,
    ) {
      // the lists the file replaces, for the audit's before-state
      const before = lists.size
        ? await tx
            .select()
            .from(customModelEntries)
            .where(
              and(
                eq(customModelEntries.modelId, modelId),
                sql`${customModelEntries.queryKey} = any(${arrayParam([...lists.keys()], 'text')})`,
              ),
            )
            .orderBy(asc(customModelEntries.queryKey), asc(customModelEntries.position))
        : [];
      for (const [key, list] of lists) {
        await tx
          .delete(customModelEntries)
          .where(
            and(eq(customModelEntries.modelId, modelId), eq(customModelEntries.queryKey, key)),
          );
        await tx.insert(customModelEntries).values(
          list.productIds.map((productId, position) => ({
            modelId,
            query: list.query,
            queryKey: key,
            productId,
            position,
          })),
        );
      }
      await tx
        .update(customModels)
        .set({ updatedAt: new Date() })
        .where(eq(customModels.id, modelId));
      await recordAudit(tx, {
        actor,
        action: 'upload',
        entity: 'custom-model',
        entityId: modelId,
        before,
        after: Object.fromEntries(lists),
        siteId,
      });
    },

    deleteModelEntries: (
      siteId: number,
      modelId: number,
      actor: string,
      what: { query?: string | undefined; productId?: string | undefined },
    ) =>
      db.transaction(async (tx) => {
        const [model] = await tx
          .select()
          .from(customModels)
          .where(and(eq(customModels.siteId, siteId), eq(customModels.id, modelId)));
        if (!model) throw notFound('Custom model');
        const removed = await tx
          .delete(customModelEntries)
          .where(
            and(
              eq(customModelEntries.modelId, modelId),
              what.query !== undefined
                ? eq(customModelEntries.queryKey, queryKey(what.query))
                : undefined,
              what.productId !== undefined
                ? eq(customModelEntries.productId, what.productId)
                : undefined,
            ),
          )
          .returning();
        if (!removed.length)
          throw notFound(
            what.productId !== undefined ? 'Product in the model' : 'Query in the model',
          );
        await recordAudit(tx, {
          actor,
          action: what.productId !== undefined ? 'delete-product' : 'delete-query',
          entity: 'custom-model',
          entityId: modelId,
          before: removed,
          siteId,
        });
      }),
  };
}

export type MerchandisingRepository = ReturnType<typeof createMerchandisingRepository>;
