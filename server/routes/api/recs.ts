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
  activateRankingModelRoute,
  rankingModelsRoute,
  widgetCtrRoute,
  recsFileRoute,
  recsModelsRoute,
  refreshRegionalRoute,
  refreshStrategyRoute,
  saveStrategyConfigsRoute,
  startModelJobRoute,
  strategyConfigsRoute,
  strategyRevisionRoute,
  switchStrategyRoute,
  previewWidgetRoute,
  updateWidgetRoute,
  widgetsPlacementsRoute,
} from '#contract/routes/recs.ts';
import { recommendationsParams } from '#contract/public/recommendations.ts';
import type { RecsConfigEntry } from '#contract/entities/recs.ts';
import { toCsv } from '#contract/csv.ts';
import { run } from '../../catalog/sql.ts';
import { jobs, sites } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { toJob } from '../../repositories/jobs.ts';
import { KIND } from '../../events/codes.ts';
import { RECS_BUILD_JOB, type RecsBuildPayload } from '../../recs/job.ts';
import {
  activateRankingModel,
  listRankingModels,
  RANKING_BUILD_JOB,
  type RankingBuildPayload,
} from '../../recs/ltr.ts';
import { RECS_MODELS, modelOf } from '../../recs/models.ts';
import { readCoefficients, saveCoefficients } from '../../recs/ranking.ts';
import { createRecsRepository } from '../../recs/strategies.ts';
import { pagesRefused, widgetPages } from '../../recs/widget-pages.ts';
import { liveImport } from '../../catalog/query/common.ts';
import { recommendations } from '../../catalog/query/recommendations.ts';

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

  registerRoute(app, previewWidgetRoute, async ({ params, site, query }) => {
    samesite(params, site.siteId);
    const strategy = await repo.get(site.siteId, query.strategyHash);
    const model = modelOf(strategy.modelName);
    const placements = query.placements
      .split(/[,\n]/)
      .map((p) => p.trim())
      .filter(Boolean);
    const pages = await widgetPages(db, site.siteId, placements);
    const importId = await liveImport(db, site.siteId);
    let forProduct: { id: string; name: string } | null = null;
    if (model.needsProduct && importId !== null) {
      // A product the strategy's table covers most, else the catalogue's most popular one.
      const { rows } = await run<{ id: string; name: string }>(
        db,
        sql`select p.id, p.name from catalog_products p
            left join (select r.product_id, count(*) as n from recs_item_scores r
                       where r.site_id = ${site.siteId} and r.hash = ${strategy.hash}
                         and r.revision = ${strategy.revision}
                       group by r.product_id) s on s.product_id = p.id
            where p.import_id = ${importId} and p.available
            order by coalesce(s.n, 0) desc, p.popularity desc, p.id limit 1`,
      );
      forProduct = rows[0] ?? null;
    }
    const answer =
      importId === null || (model.needsProduct && forProduct === null)
        ? { products: [] }
        : await recommendations(
            db,
            site.siteId,
            recommendationsParams.parse({
              apiKey: site.apiKey,
              strategy: strategy.hash,
              size: 8,
              withSku: 'false',
              ...(forProduct && { productId: forProduct.id }),
            }),
          );
    return {
      pages,
      refused: pagesRefused(model, pages),
      needsProduct: model.needsProduct,
      forProduct,
      products: answer.products,
    };
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
    void reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="recs-${strategy.hash}-r${strategy.revision}.csv"`,
      );
    return toCsv(
      [
        ['productId', 'recommendedId', 'score'],
        ...rows.map((r) => [r.product_id, r.other_id, Number(r.score)]),
      ],
      { bom: false, newline: '\n' },
    );
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
            and kind in (${KIND.SEARCH}, ${KIND.PRODUCT_CLICK}, ${KIND.PRODUCT_VIEW}, ${KIND.ADD_TO_CART}, ${KIND.ORDER})
          group by kind order by kind`,
    );
    const names: Record<number, string> = {
      [KIND.SEARCH]: 'searches',
      [KIND.PRODUCT_CLICK]: 'product clicks',
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
        {
          name: 'Learned search ranking',
          jobName: 'XGBVECTORS' as const,
          description:
            'Ranking coefficients fitted on search → click / cart / order labels (docs/learned-ranking.md)',
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
    if (query.jobName === 'XGBVECTORS')
      return toJob(
        await app.jobs.launch({
          siteId: site.siteId,
          kind: RANKING_BUILD_JOB,
          payload: { jobName: 'XGBVECTORS', emailList } satisfies RankingBuildPayload,
          createdBy: user.login,
        }),
      );
    return launchRecs(site.siteId, user.login, { jobName: 'RECS', emailList });
  });

  registerRoute(app, modelJobStatusRoute, async ({ site, query }) => {
    const kind = query.jobName === 'XGBVECTORS' ? RANKING_BUILD_JOB : RECS_BUILD_JOB;
    const [row] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.siteId, site.siteId), eq(jobs.kind, kind)))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    return row ? toJob(row) : null;
  });

  registerRoute(app, rankingModelsRoute, async ({ site }) => listRankingModels(db, site.siteId));

  registerRoute(app, activateRankingModelRoute, async ({ site, params, user }) =>
    activateRankingModel(db, site.siteId, params.version, user.login),
  );

  registerRoute(app, widgetCtrRoute, async ({ site, query }) => {
    const ratio = (clicks: number, views: number) =>
      views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : null;
    const { rows } = await run<{
      block: string;
      block_name: string | null;
      strategy: string;
      strategy_name: string | null;
      widget_type: string;
      views: number;
      clicks: number;
    }>(
      db,
      sql`with w as (
            select block, strategy, widget_type, sum(views)::int as views, sum(clicks)::int as clicks
            from widget_daily
            where site_id = ${site.siteId} and day between ${query.from}::date and ${query.to}::date
            group by block, strategy, widget_type
          ), names as (
            select distinct on (key) key::text as block, data->>'name' as name
            from config_versions
            where site_id = ${site.siteId} and kind = 'recommendations-block'
            order by key, test, id desc
          )
          select w.block, n.name as block_name, w.strategy, s.name as strategy_name,
            w.widget_type, w.views, w.clicks
          from w left join names n on n.block = w.block
          left join recs_strategies s on s.site_id = ${site.siteId} and s.hash = w.strategy
          order by w.views desc, w.block, w.strategy, w.widget_type
          limit 500`,
    );
    const { rows: totals } = await run<{ searches: number; clicks: number; recs: number }>(
      db,
      sql`select coalesce(sum(searches), 0)::int as searches,
            coalesce(sum(search_clicks), 0)::int as clicks, coalesce(sum(recs_clicks), 0)::int as recs
          from event_daily
          where site_id = ${site.siteId} and day between ${query.from}::date and ${query.to}::date`,
    );
    const total = totals[0] ?? { searches: 0, clicks: 0, recs: 0 };
    return {
      blocks: rows.map((r) => ({
        block: r.block,
        blockName: r.block_name,
        strategy: r.strategy,
        strategyName: r.strategy_name,
        widgetType: r.widget_type,
        views: Number(r.views),
        clicks: Number(r.clicks),
        ctr: ratio(Number(r.clicks), Number(r.views)),
      })),
      search: {
        searches: Number(total.searches),
        clicks: Number(total.clicks),
        ctr: ratio(Number(total.clicks), Number(total.searches)),
      },
      recsClicks: Number(total.recs),
    };
  });

  registerRoute(app, getCoefficientsRoute, async ({ site }) => readCoefficients(db, site.siteId));

  registerRoute(app, putCoefficientsRoute, async ({ site, body, user }) =>
    saveCoefficients(db, site.siteId, body, user.login),
  );
}
