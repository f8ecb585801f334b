import type { FastifyInstance } from 'fastify';
import { desc, and, eq, sql } from 'drizzle-orm';
import {
  availableConfigsRoute,
  createStrategyRoute,
  createWidgetRoute,
  deleteStrategyRoute,
  deleteWidgetRoute,
  getCoefficientsRoute,
  getStrategyRoute,
  listStrategiesRoute,
  listWidgetsRoute,
  modelJobStatusRoute,
  modelsInfoRoute,
  putCoefficientsRoute,
  recsFileRoute,
  recsModelsRoute,
  refreshRegionalRoute,
  refreshStrategyRoute,
  saveStrategyConfigsRoute,
  startModelJobRoute,
  strategyConfigsRoute,
  strategyRevisionRoute,
  switchStrategyRoute,
  updateWidgetRoute,
  widgetsPlacementsRoute,
} from '#contract/routes/recs.ts';
import type { RecsConfigEntry } from '#contract/entities/recs.ts';
import { run } from '../../catalog/sql.ts';
import { jobs, sites } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { toJob } from '../../repositories/jobs.ts';
import { KIND } from '../../events/codes.ts';
import { RECS_BUILD_JOB, type RecsBuildPayload } from '../../recs/job.ts';
import { RECS_MODELS, modelOf } from '../../recs/models.ts';
import { readCoefficients, saveCoefficients } from '../../recs/ranking.ts';
import { createRecsRepository } from '../../recs/strategies.ts';

/** The {site} of the path must be the `?siteId` the guard checked. */
function samesite(params: { site: number }, siteId: number): void {
  if (params.site !== siteId)
    throw new HttpError(400, `The path names site ${params.site} but siteId is ${siteId}`);
}

/** Spec part 2 §7 "Recommendations" and "Model builder" (contract/routes/recs.ts). */
export async function recsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const repo = createRecsRepository(db);

  const configsOf = async (siteId: number, hash: string): Promise<RecsConfigEntry[]> => {
    const strategy = await repo.get(siteId, hash);
    return modelOf(strategy.modelName).configs.map((def) => ({
      ...def,
      value: strategy.configs[def.name] ?? null,
    }));
  };

  registerRoute(app, recsModelsRoute, async () => [...RECS_MODELS]);

  registerRoute(app, listStrategiesRoute, async ({ params, site }) => {
    samesite(params, site.siteId);
    return repo.list(site.siteId);
  });

  registerRoute(app, createStrategyRoute, async ({ params, site, body, user }) => {
    samesite(params, site.siteId);
    return repo.create(site.siteId, body, user.login);
  });

  registerRoute(app, getStrategyRoute, async ({ params, site }) => {
    samesite(params, site.siteId);
    return repo.get(site.siteId, params.hash);
  });

  registerRoute(app, deleteStrategyRoute, async ({ params, site, user }) => {
    samesite(params, site.siteId);
    await repo.remove(site.siteId, params.hash, user.login);
    return { ok: true as const };
  });

  registerRoute(app, switchStrategyRoute, async ({ params, site, query, user }) => {
    samesite(params, site.siteId);
    return repo.setEnabled(site.siteId, params.hash, query.enabled, user.login);
  });

  registerRoute(app, strategyConfigsRoute, async ({ params, site }) => {
    samesite(params, site.siteId);
    return configsOf(site.siteId, params.hash);
  });

  registerRoute(app, availableConfigsRoute, async ({ params, site }) => {
    samesite(params, site.siteId);
    return (await configsOf(site.siteId, params.hash)).map((entry) => ({ ...entry, value: null }));
  });

  registerRoute(app, saveStrategyConfigsRoute, async ({ params, site, body, user }) => {
    samesite(params, site.siteId);
    return repo.setConfigs(site.siteId, params.hash, body, user.login);
  });

  registerRoute(app, strategyRevisionRoute, async ({ params, site, body, user }) => {
    samesite(params, site.siteId);
    return repo.setRevision(site.siteId, params.hash, body.revision, user.login);
  });

  const launchRecs = async (siteId: number, login: string, payload: RecsBuildPayload) =>
    toJob(await app.jobs.launch({ siteId, kind: RECS_BUILD_JOB, payload, createdBy: login }));

  registerRoute(app, refreshStrategyRoute, async ({ params, site, user }) => {
    samesite(params, site.siteId);
    await repo.get(site.siteId, params.hash);
    return launchRecs(site.siteId, user.login, { jobName: 'RECS', hashes: [params.hash] });
  });

  registerRoute(app, refreshRegionalRoute, async ({ site, user }) =>
    launchRecs(site.siteId, user.login, { jobName: 'RECS' }),
  );

  registerRoute(app, listWidgetsRoute, async ({ params, site }) => {
    samesite(params, site.siteId);
    return repo.listWidgets(site.siteId);
  });

  registerRoute(app, createWidgetRoute, async ({ params, site, body, user }) => {
    samesite(params, site.siteId);
    return repo.saveWidget(site.siteId, body, 'create', user.login);
  });

  registerRoute(app, updateWidgetRoute, async ({ params, site, body, user }) => {
    samesite(params, site.siteId);
    return repo.saveWidget(site.siteId, body, 'update', user.login);
  });

  registerRoute(app, deleteWidgetRoute, async ({ params, site, query, user }) => {
    samesite(params, site.siteId);
    await repo.removeWidget(site.siteId, query.widgetId, user.login);
    return { ok: true as const };
  });

  registerRoute(app, widgetsPlacementsRoute, async ({ params, site }) => {
    samesite(params, site.siteId);
    return (await repo.listWidgets(site.siteId)).flatMap((widget) =>
      widget.placements.map((placement) => ({ placement, widgetId: widget.widgetId })),
    );
  });

  registerRoute(app, recsFileRoute, async ({ site, query, reply }) => {
    const strategy = await repo.get(site.siteId, query.hash);
    const { rows } = await run<{ product_id: string; other_id: string; score: number }>(
      db,
      sql`select product_id, other_id, score from recs_item_scores
          where site_id = ${site.siteId} and hash = ${strategy.hash} and revision = ${strategy.revision}
          order by product_id, score desc, other_id limit 1000000`,
    );
    const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    void reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="recs-${strategy.hash}-r${strategy.revision}.csv"`,
      );
    return [
      'productId,recommendedId,score',
      ...rows.map((r) => `${cell(r.product_id)},${cell(r.other_id)},${Number(r.score)}`),
    ].join('\n');
  });

  registerRoute(app, modelsInfoRoute, async ({ site, user }) => {
    const { rows } = await run<{
      kind: number;
      rows: number;
      from: string | null;
      to: string | null;
    }>(
      db,
      sql`select kind, count(*)::int as rows, min(day)::text as from, max(day)::text as to
          from events where site_id = ${site.siteId}
            and kind in (${KIND.SEARCH}, ${KIND.PRODUCT_VIEW}, ${KIND.ADD_TO_CART}, ${KIND.ORDER})
          group by kind order by kind`,
    );
    const names: Record<number, string> = {
      [KIND.SEARCH]: 'searches',
      [KIND.PRODUCT_VIEW]: 'product views',
      [KIND.ADD_TO_CART]: 'add to cart',
      [KIND.ORDER]: 'orders',
    };
    const visible = user.seesAllSites
      ? await db.select({ siteId: sites.id, name: sites.name }).from(sites).orderBy(sites.id)
      : [{ siteId: site.siteId, name: site.siteName }];
    return {
      models: [
        {
          name: 'Recommendation strategies',
          jobName: 'RECS' as const,
          description: 'Item-to-item and global tables of every event- and catalog-built strategy',
        },
      ],
      datasets: rows.map((r) => ({
        name: names[r.kind] ?? String(r.kind),
        rows: r.rows,
        from: r.from,
        to: r.to,
      })),
      sites: visible,
    };
  });

  registerRoute(app, startModelJobRoute, async ({ site, query, body, user }) => {
    const emailList = body?.emailList ?? [];
    if (query.jobName !== 'RECS')
      throw new HttpError(
        400,
        'XGBVECTORS (learning to rank) is not available on this server yet: set the ranking coefficients instead',
      );
    return launchRecs(site.siteId, user.login, { jobName: 'RECS', emailList });
  });

  registerRoute(app, modelJobStatusRoute, async ({ site, query }) => {
    if (query.jobName !== 'RECS') return null;
    const kind = RECS_BUILD_JOB;
    const [row] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.siteId, site.siteId), eq(jobs.kind, kind)))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    return row ? toJob(row) : null;
  });

  registerRoute(app, getCoefficientsRoute, async ({ site }) => readCoefficients(db, site.siteId));

  registerRoute(app, putCoefficientsRoute, async ({ site, body, user }) =>
    saveCoefficients(db, site.siteId, body, user.login),
  );
}
