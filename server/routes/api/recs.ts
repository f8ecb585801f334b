import type { FastifyInstance } from 'fastify';
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
import { HttpError } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { latestJob, toJob } from '../../platform/jobs/repository.ts';
import { KIND } from '../../events/codes.ts';
import { trainingDatasets } from '../../events/datasets.ts';
import { RECS_BUILD_JOB, type RecsBuildPayload } from '../../recs/job.ts';
import {
  activateRankingModel,
  listRankingModels,
  RANKING_BUILD_JOB,
  type RankingBuildPayload,
} from '../../recs/ltr.ts';
import { RECS_MODELS, modelOf } from '../../recs/models.ts';
import { readCoefficients, saveCoefficients } from '../../search/ranking-coefficients.ts';
import { createRecsRepository } from '../../recs/strategies.ts';
import { pagesRefused, sitePlacements, widgetPages } from '../../recs/widget-pages.ts';
import { liveImport } from '../../search/common.ts';
import { recommendations } from '../../recs/query.ts';
import { itemScores, previewProduct, widgetCtr } from '../../recs/repository.ts';
import { siteNames } from '../../sites/repository.ts';

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
    const forProduct =
      model.needsProduct && importId !== null
        ? await previewProduct(db, site.siteId, importId, strategy)
        : null;
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
    return sitePlacements(db, site.siteId, await repo.listWidgets(site.siteId));
  });

  registerRoute(app, recsFileRoute, async ({ site, query, reply }) => {
    const strategy = await repo.get(site.siteId, query.hash);
    const rows = await itemScores(db, site.siteId, strategy);
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
    const rows = await trainingDatasets(db, site.siteId);
    const names: Record<number, string> = {
      [KIND.SEARCH]: 'searches',
      [KIND.PRODUCT_CLICK]: 'product clicks',
      [KIND.PRODUCT_VIEW]: 'product views',
      [KIND.ADD_TO_CART]: 'add to cart',
      [KIND.ORDER]: 'orders',
    };
    const visible = user.seesAllSites
      ? await siteNames(db)
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
    const row = await latestJob(db, site.siteId, kind);
    return row ? toJob(row) : null;
  });

  registerRoute(app, rankingModelsRoute, async ({ site }) => listRankingModels(db, site.siteId));

  registerRoute(app, activateRankingModelRoute, async ({ site, params, user }) =>
    activateRankingModel(db, site.siteId, params.version, user.login),
  );

  registerRoute(app, widgetCtrRoute, async ({ site, query }) => {
    const ratio = (clicks: number, views: number) =>
      views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : null;
    const { blocks: rows, totals: total } = await widgetCtr(db, site.siteId, query.from, query.to);
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
