/** Search configuration calls (issue 13): settings, jobs, facet attributes, custom sorting. */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  INDEX_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type CustomSortConfig,
  type FacetAttribute,
  type FacetDiff,
  type SearchJobStatus,
  type Setting,
  type SettingKey,
} from '#contract/entities/search-config.ts';
import {
  autocompleteJobRoute,
  autocompleteJobStartRoute,
  autocompleteJobStatusRoute,
  facetApplyRoute,
  facetCalculateRoute,
  facetChildrenRoute,
  facetCountsRoute,
  facetDiffRoute,
  facetProgressRoute,
  facetResetRoute,
  facetSuggestedRoute,
  generationStartRoute,
  generationStatusRoute,
  getCustomSortRoute,
  getImshopSortRoute,
  previewRefreshRoute,
  saveAutocompleteJobRoute,
  saveCustomSortRoute,
  saveImshopSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import type { Db } from '../../db/client.ts';
import { facetAttributes, jobs, searchIndexState, searchSettings } from '../../db/schema.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { recordAudit } from '../../repositories/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  indexPart,
  loadSettings,
  loadSorts,
  documentExpression,
  weightClasses,
} from '../../catalog/query/search-config.ts';
import {
  liveImport,
  matchCondition,
  PRODUCT_COLUMNS,
  scoreExpression,
  toProducts,
  type ProductRow,
} from '../../catalog/query/common.ts';
import { wordsOf } from '../../catalog/yml-import.ts';
import { run } from '../../catalog/sql.ts';
import { FACET_JOB, INDEX_JOB, SUGGESTION_JOB } from '../../search-config/jobs.ts';

/** Equal as JSON values (jsonb keeps keys in its own order). */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

async function readSetting(db: Db, siteId: number, key: SettingKey): Promise<Setting> {
  const [row] = await db
    .select()
    .from(searchSettings)
    .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, key)));
  const settings = await loadSettings(db, siteId);
  let live: boolean | null = null;
  if ((INDEX_KEYS as readonly string[]).includes(key)) {
    const [state] = await db
      .select()
      .from(searchIndexState)
      .where(eq(searchIndexState.siteId, siteId));
    const applied = state ? (state.applied as Record<string, unknown>)[key] : SETTING_DEFAULTS[key];
    live = sameJson(applied, settings[key]);
  }
  return {
    key,
    value: settings[key],
    custom: !!row,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    live,
  };
}

async function writeSetting(
  db: Db,
  siteId: number,
  key: string,
  value: unknown,
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(searchSettings)
      .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, key)))
      .for('update');
    if (value === null) {
      if (!before) return;
      await tx
        .delete(searchSettings)
        .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, key)));
    } else {
      await tx
        .insert(searchSettings)
        .values({ siteId, key, value, updatedBy: actor })
        .onConflictDoUpdate({
          target: [searchSettings.siteId, searchSettings.key],
          set: { value, updatedBy: actor, updatedAt: new Date() },
        });
    }
    await recordAudit(tx, {
      actor,
      action: value === null ? 'delete' : before ? 'update' : 'create',
      entity: `search-setting:${key}`,
      entityId: siteId,
      before: before?.value ?? null,
      after: value,
    });
  });
}

async function jobStatus(db: Db, siteId: number, kind: string): Promise<SearchJobStatus['job']> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.siteId, siteId), eq(jobs.kind, kind)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    result: row.result ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toFacet(row: typeof facetAttributes.$inferSelect): FacetAttribute {
  return {
    categoryId: row.categoryId,
    attribute: row.attribute,
    state: row.state,
    dataType: row.dataType,
    booleanView: row.booleanView,
    sort: row.sort,
    position: row.position,
    products: row.products,
    coverage: row.coverage,
    parentCoverage: row.parentCoverage,
    distinctValues: row.distinctValues,
    score: row.score,
    topValues: row.topValues,
  };
}

export async function searchConfigRoutes(app: FastifyInstance) {
  const db = app.database.db;

  for (const key of SETTING_KEYS) {
    const routes = SETTING_ROUTES[key];
    registerRoute(app, routes.get, ({ site }) => readSetting(db, site.siteId, key));
    registerRoute(app, routes.save, async ({ site, body, user }) => {
      await writeSetting(db, site.siteId, key, body, user.login);
      return readSetting(db, site.siteId, key);
    });
    registerRoute(app, routes.reset, async ({ site, user }) => {
      await writeSetting(db, site.siteId, key, null, user.login);
      return readSetting(db, site.siteId, key);
    });
  }

  async function generationStatus(siteId: number): Promise<SearchJobStatus> {
    const settings = indexPart(await loadSettings(db, siteId));
    const [state] = await db
      .select()
      .from(searchIndexState)
      .where(eq(searchIndexState.siteId, siteId));
    const applied = state?.applied ?? indexPart(SETTING_DEFAULTS);
    return {
      job: await jobStatus(db, siteId, INDEX_JOB),
      pending: !sameJson(applied, settings),
      builtAt: state?.builtAt.toISOString() ?? null,
    };
  }
  registerRoute(app, generationStatusRoute, ({ site }) => generationStatus(site.siteId));
  registerRoute(app, generationStartRoute, async ({ site, user }) => {
    await app.jobs.launch({ siteId: site.siteId, kind: INDEX_JOB, createdBy: user.login });
    return generationStatus(site.siteId);
  });

  async function suggestionStatus(siteId: number): Promise<SearchJobStatus> {
    const schedule = (await app.jobs.schedules.list(siteId)).find((s) => s.kind === SUGGESTION_JOB);
    return {
      job: await jobStatus(db, siteId, SUGGESTION_JOB),
      schedule: schedule
        ? { cron: schedule.cron, timeZone: schedule.timeZone, enabled: schedule.enabled }
        : null,
    };
  }
  registerRoute(app, autocompleteJobRoute, ({ site }) => suggestionStatus(site.siteId));
  registerRoute(app, autocompleteJobStatusRoute, ({ site }) => suggestionStatus(site.siteId));
  registerRoute(app, saveAutocompleteJobRoute, async ({ site, body, user }) => {
    const before = (await app.jobs.schedules.list(site.siteId)).find(
      (s) => s.kind === SUGGESTION_JOB,
    );
    await app.jobs.schedules.upsert({
      siteId: site.siteId,
      kind: SUGGESTION_JOB,
      cron: body.cron,
      timeZone: body.timeZone,
      enabled: body.enabled,
      createdBy: user.login,
    });
    await recordAudit(db, {
      actor: user.login,
      action: before ? 'update' : 'create',
      entity: 'autocomplete-job-schedule',
      entityId: site.siteId,
      before: before
        ? { cron: before.cron, timeZone: before.timeZone, enabled: before.enabled }
        : null,
      after: body,
    });
    return suggestionStatus(site.siteId);
  });
  registerRoute(app, autocompleteJobStartRoute, async ({ site, user }) => {
    await app.jobs.launch({ siteId: site.siteId, kind: SUGGESTION_JOB, createdBy: user.login });
    return suggestionStatus(site.siteId);
  });

  registerRoute(app, previewRefreshRoute, async ({ site, body }) => {
    const importId = await liveImport(db, site.siteId);
    if (importId === null) return { live: [], draft: [] };
    const words = wordsOf(body.st);
    const m = { importId, st: body.st, words, showUnavailable: true, multiplier: 0.2 };
    const [state] = await db
      .select()
      .from(searchIndexState)
      .where(eq(searchIndexState.siteId, site.siteId));
    const liveClasses = state
      ? weightClasses((state.applied as { attributes: typeof body.attributes }).attributes)
      : null;
    const liveRank = liveClasses ? { weights: liveClasses.rank, name: liveClasses.name } : null;
    const liveRows = await run<ProductRow>(
      db,
      sql`select ${PRODUCT_COLUMNS} from catalog_products p
          where p.import_id = ${importId} and ${matchCondition(m)}
          order by ${scoreExpression({ ...m, rank: liveRank })} desc, p.popularity desc, p.id limit 10`,
    );
    // The draft: the document computed on the fly from the unsaved attributes and weights.
    const query = sql`to_tsquery('russian', ${words.map((w) => `${w}:*`).join(' & ') || 'a'})`;
    const { rank, name } = weightClasses(body.attributes);
    const doc = documentExpression(body.attributes);
    const draftRows = words.length
      ? await run<ProductRow>(
          db,
          sql`select * from (select ${PRODUCT_COLUMNS}, ${doc} as d from catalog_products p
                where p.import_id = ${importId}) p
              where p.d @@ ${query} or p.name %> ${words.join(' ')}
              order by (case when p.available then 1 else 0.2 end) * (ts_rank_cd(${`{${rank.join(',')}}`}::float4[], p.d, ${query})
                + word_similarity(${words.join(' ')}, p.name) * ${name}::float8 + ln(1 + p.popularity) / 100) desc,
                p.popularity desc, p.id limit 10`,
        )
      : { rows: [] };
    return {
      live: await toProducts(db, importId, liveRows.rows, { withSku: false }),
      draft: await toProducts(db, importId, draftRows.rows, { withSku: false }),
    };
  });

  // Facet attributes.
  registerRoute(app, facetSuggestedRoute, async ({ site, query }) =>
    (
      await db
        .select()
        .from(facetAttributes)
        .where(
          and(
            eq(facetAttributes.siteId, site.siteId),
            eq(facetAttributes.categoryId, query.categoryId),
          ),
        )
        .orderBy(
          sql`case ${facetAttributes.state} when 'APPLY' then 0 when 'SUGGESTED' then 1 else 2 end`,
          facetAttributes.position,
          desc(facetAttributes.score),
          facetAttributes.attribute,
        )
    ).map(toFacet),
  );
  registerRoute(app, facetCountsRoute, async ({ site }) => {
    const { rows } = await run<{
      categoryId: string;
      suggested: number;
      applied: number;
      disabled: number;
    }>(
      db,
      sql`select category_id as "categoryId",
            (count(*) filter (where state = 'SUGGESTED'))::int as suggested,
            (count(*) filter (where state = 'APPLY'))::int as applied,
            (count(*) filter (where state = 'DISABLE'))::int as disabled
          from facet_attributes where site_id = ${site.siteId} group by category_id order by category_id`,
    );
    return rows;
  });
  registerRoute(app, facetChildrenRoute, async ({ site, query }) => {
    const importId = await liveImport(db, site.siteId);
    if (importId === null) return [];
    const parent = query.categoryId ?? null;
    const { rows } = await run<{
      categoryId: string;
      name: string;
      hasChildren: boolean;
      products: number;
      suggested: number;
      applied: number;
      disabled: number;
    }>(
      db,
      sql`select c.id as "categoryId", c.name,
            exists (select 1 from catalog_categories k
                    where k.import_id = c.import_id and k.parent_id = c.id) as "hasChildren",
            (select count(*) from catalog_products p
              where p.import_id = c.import_id and c.id = any(p.category_path))::int as products,
            (select count(*) from facet_attributes f where f.site_id = ${site.siteId}
              and f.category_id = c.id and f.state = 'SUGGESTED')::int as suggested,
            (select count(*) from facet_attributes f where f.site_id = ${site.siteId}
              and f.category_id = c.id and f.state = 'APPLY')::int as applied,
            (select count(*) from facet_attributes f where f.site_id = ${site.siteId}
              and f.category_id = c.id and f.state = 'DISABLE')::int as disabled
          from catalog_categories c
          where c.import_id = ${importId}
            and ${parent === null ? sql`c.parent_id is null` : sql`c.parent_id = ${parent}`}
          order by c.name, c.id limit 500`,
    );
    if (!rows.length && parent !== null) {
      const [known] = (
        await run<{ id: string }>(
          db,
          sql`select id from catalog_categories where import_id = ${importId} and id = ${parent}`,
        )
      ).rows;
      if (!known) throw notFound('Category');
    }
    return rows;
  });
  registerRoute(app, facetDiffRoute, async ({ site, query }) => {
    const importId = await liveImport(db, site.siteId);
    if (importId === null) throw notFound('Category');
    const [category] = (
      await run<{ parentId: string | null }>(
        db,
        sql`select parent_id as "parentId" from catalog_categories
            where import_id = ${importId} and id = ${query.categoryId}`,
      )
    ).rows;
    if (!category) throw notFound('Category');
    const of = async (categoryId: string | null) =>
      categoryId === null
        ? []
        : db
            .select()
            .from(facetAttributes)
            .where(
              and(
                eq(facetAttributes.siteId, site.siteId),
                eq(facetAttributes.categoryId, categoryId),
              ),
            );
    const here = new Map((await of(query.categoryId)).map((row) => [row.attribute, row]));
    const parent = new Map((await of(category.parentId)).map((row) => [row.attribute, row]));
    const out: FacetDiff[] = [];
    for (const attribute of [...new Set([...here.keys(), ...parent.keys()])].sort()) {
      const a = here.get(attribute);
      const b = parent.get(attribute);
      const change: FacetDiff['change'] | null = !b
        ? 'ONLY_HERE'
        : !a
          ? 'ONLY_PARENT'
          : a.state !== b.state
            ? 'STATE'
            : Math.abs(a.coverage - b.coverage) >= 0.1
              ? 'COVERAGE'
              : null;
      if (change)
        out.push({
          attribute,
          state: a?.state ?? null,
          parentState: b?.state ?? null,
          coverage: a?.coverage ?? null,
          parentCoverage: b?.coverage ?? null,
          change,
        });
    }
    return out;
  });
  const facetStatus = async (siteId: number): Promise<SearchJobStatus> => ({
    job: await jobStatus(db, siteId, FACET_JOB),
  });
  registerRoute(app, facetProgressRoute, ({ site }) => facetStatus(site.siteId));
  registerRoute(app, facetCalculateRoute, async ({ site, user }) => {
    await app.jobs.launch({ siteId: site.siteId, kind: FACET_JOB, createdBy: user.login });
    return facetStatus(site.siteId);
  });
  registerRoute(app, facetApplyRoute, async ({ site, body, user }) =>
    db.transaction(async (tx) => {
      const key = and(
        eq(facetAttributes.siteId, site.siteId),
        eq(facetAttributes.categoryId, body.categoryId),
        eq(facetAttributes.attribute, body.attribute),
      );
      const [before] = await tx.select().from(facetAttributes).where(key).for('update');
      const fields = {
        state: body.mode,
        dataType: body.dataType,
        booleanView: body.booleanView,
        sort: body.sort,
        position: body.position,
        updatedAt: new Date(),
      };
      const [row] = await tx
        .insert(facetAttributes)
        .values({
          siteId: site.siteId,
          categoryId: body.categoryId,
          attribute: body.attribute,
          ...fields,
        })
        .onConflictDoUpdate({
          target: [facetAttributes.siteId, facetAttributes.categoryId, facetAttributes.attribute],
          set: fields,
        })
        .returning();
      await recordAudit(tx, {
        actor: user.login,
        action: before ? 'update' : 'create',
        entity: 'facet-attribute',
        entityId: `${site.siteId}:${body.categoryId}:${body.attribute}`,
        before: before ? toFacet(before) : null,
        after: body,
      });
      return toFacet(row!);
    }),
  );
  registerRoute(app, facetResetRoute, async ({ site, query, user }) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(facetAttributes)
        .set({ state: 'SUGGESTED', updatedAt: new Date() })
        .where(
          and(
            eq(facetAttributes.siteId, site.siteId),
            eq(facetAttributes.categoryId, query.categoryId),
            eq(facetAttributes.attribute, query.attribute),
          ),
        )
        .returning();
      if (!row) throw notFound('Facet attribute');
      await recordAudit(tx, {
        actor: user.login,
        action: 'update',
        entity: 'facet-attribute',
        entityId: `${site.siteId}:${query.categoryId}:${query.attribute}`,
        after: { state: 'SUGGESTED' },
      });
      return { ok: true as const };
    }),
  );

  // Custom sorting.
  const saveSorts = async (
    siteId: number,
    kind: 'plain' | 'imshop',
    value: CustomSortConfig,
    actor: string,
  ) => {
    await writeSetting(db, siteId, kind === 'plain' ? 'customSort' : 'imshopSort', value, actor);
    return loadSorts(db, siteId, kind);
  };
  registerRoute(app, getCustomSortRoute, ({ site }) => loadSorts(db, site.siteId, 'plain'));
  registerRoute(app, saveCustomSortRoute, ({ site, body, user }) =>
    saveSorts(site.siteId, 'plain', body, user.login),
  );
  registerRoute(app, getImshopSortRoute, ({ site }) => loadSorts(db, site.siteId, 'imshop'));
  registerRoute(app, saveImshopSortRoute, ({ site, body, user }) =>
    saveSorts(site.siteId, 'imshop', body, user.login),
  );
}
