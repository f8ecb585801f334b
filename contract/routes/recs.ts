import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { job } from '../entities/job.ts';
import {
  modelJobName,
  rankingCoefficients,
  rankingModel,
  recsConfigEntry,
  recsModel,
  recsPlacement,
  recsStrategy,
  recsStrategyInput,
  recsWidget,
  recsWidgetInput,
  recsWidgetPreview,
  widgetCtrReport,
} from '../entities/recs.ts';
import { isoDay, periodRefinement } from '../entities/metric.ts';
import type { Role } from '../roles.ts';
import { ok } from './auth.ts';
import {
  MODELS_START_ROLES,
  RANKING_EDIT_ROLES,
  RECS_STRATEGY_EDIT_ROLES,
  RECS_STRATEGY_VIEW_ROLES,
  RECS_WIDGET_EDIT_ROLES,
  RECS_WIDGET_VIEW_ROLES,
  REPORT_WIDGET_ROLES,
} from '../call-roles.ts';

/**
 * Spec part 2 §7 "Recommendations" and "Model builder", each at its path under /api, with the
 * site both in the path ({site}) where the spec has it and in `?siteId` (the site guard).
 */
const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });
const siteParam = z.strictObject({ site: z.coerce.number().int().positive() });
const hashParam = siteParam.extend({ hash: z.string().regex(/^[0-9a-f]{12}$/, 'a strategy hash') });

const MODELS_VIEW: readonly Role[] = [
  ...MODELS_START_ROLES,
  'ROLE_RANKING_JOB_CONFIG',
  'ROLE_RANKING_VIEW',
];
const RANKING_VIEW: readonly Role[] = [...RANKING_EDIT_ROLES, 'ROLE_RANKING_VIEW'];

export const recsModelsRoute = defineRoute({
  method: 'GET',
  path: '/recs/models',
  summary: 'The model catalogue: each model with its typed configs',
  auth: true,
  roles: [...RECS_STRATEGY_VIEW_ROLES, ...RECS_WIDGET_VIEW_ROLES],
  site: 'query',
  query: siteQuery,
  response: z.array(recsModel),
});

export const listStrategiesRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/strategies',
  summary: "The site's strategies with their built revisions and offline quality",
  auth: true,
  roles: [...RECS_STRATEGY_VIEW_ROLES, ...RECS_WIDGET_VIEW_ROLES],
  site: 'query',
  params: siteParam,
  query: siteQuery,
  response: z.array(recsStrategy),
});

export const createStrategyRoute = defineRoute({
  method: 'POST',
  path: '/recs/:site/strategies',
  summary: 'Create a strategy (off until switched on); only non-default configs are stored',
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery,
  body: recsStrategyInput,
  response: recsStrategy,
});

export const getStrategyRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/strategies/:hash',
  summary: 'One strategy',
  auth: true,
  roles: RECS_STRATEGY_VIEW_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  response: recsStrategy,
});

export const deleteStrategyRoute = defineRoute({
  method: 'DELETE',
  path: '/recs/:site/strategies/:hash',
  summary: 'Delete a strategy, its revisions and tables (widgets showing it lose it)',
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  response: ok,
});

export const switchStrategyRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/strategies/switch/:hash',
  summary: 'Switch a strategy on or off (enabled)',
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery.extend({ enabled: z.enum(['true', 'false']).transform((v) => v === 'true') }),
  response: recsStrategy,
});

export const strategyConfigsRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/strategies/:hash/configs',
  summary: "A strategy's configs: every entry of its model with the stored value (null: default)",
  auth: true,
  roles: RECS_STRATEGY_VIEW_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  response: z.array(recsConfigEntry),
});

export const saveStrategyConfigsRoute = defineRoute({
  method: 'POST',
  path: '/recs/:site/strategies/:hash/configs',
  summary: "Save a strategy's configs (values by name; lists comma-joined; defaults dropped)",
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  body: z.record(z.string().max(100), z.string().max(4000)),
  response: recsStrategy,
});

export const availableConfigsRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/strategies/:hash/availableConfigs',
  summary: "The configs a strategy's model accepts, with their types and defaults",
  auth: true,
  roles: RECS_STRATEGY_VIEW_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  response: z.array(recsConfigEntry),
});

export const strategyRevisionRoute = defineRoute({
  method: 'PUT',
  path: '/recs/:site/strategies/:hash/revision',
  summary: 'Serve another built revision (switched atomically)',
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  body: z.strictObject({ revision: z.number().int().positive() }),
  response: recsStrategy,
});

export const refreshStrategyRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/strategies/refresh/:hash',
  summary: 'Recompute a strategy from the event store (a RECS job for it; poll the job)',
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  params: hashParam,
  query: siteQuery,
  response: job,
});

export const listWidgetsRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/widgets',
  summary: "The site's recommendation widgets",
  auth: true,
  roles: RECS_WIDGET_VIEW_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery,
  response: z.array(recsWidget),
});

export const createWidgetRoute = defineRoute({
  method: 'POST',
  path: '/recs/:site/widgets',
  summary: 'Create a widget',
  auth: true,
  roles: RECS_WIDGET_EDIT_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery,
  body: recsWidgetInput,
  response: recsWidget,
});

export const updateWidgetRoute = defineRoute({
  method: 'PUT',
  path: '/recs/:site/widgets',
  summary: 'Update a widget',
  auth: true,
  roles: RECS_WIDGET_EDIT_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery,
  body: recsWidgetInput,
  response: recsWidget,
});

export const deleteWidgetRoute = defineRoute({
  method: 'DELETE',
  path: '/recs/:site/widgets',
  summary: 'Delete a widget',
  auth: true,
  roles: RECS_WIDGET_EDIT_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery.extend({ widgetId: z.string().min(1).max(64) }),
  response: ok,
});

export const previewWidgetRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/widgets/preview',
  summary:
    "A widget before it is saved: its pages, those its strategy cannot serve, and the strategy's answer with the site's products",
  auth: true,
  roles: RECS_WIDGET_VIEW_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery.extend({
    strategyHash: z.string().regex(/^[0-9a-f]{12}$/, 'a strategy hash'),
    /** Comma- or newline-separated placement names, as the form holds them. */
    placements: z.string().max(16_000).default(''),
  }),
  response: recsWidgetPreview,
});

export const widgetsPlacementsRoute = defineRoute({
  method: 'GET',
  path: '/recs/:site/widgetsPlacements',
  summary:
    "Every placement of the site's recommendation blocks and of its widgets, with the widgets claiming it and the blocks there",
  auth: true,
  roles: RECS_WIDGET_VIEW_ROLES,
  site: 'query',
  params: siteParam,
  query: siteQuery,
  response: z.array(recsPlacement),
});

export const recsFileRoute = defineRoute({
  method: 'GET',
  path: '/recs/recs_file',
  summary: "Export of a strategy's current table as CSV (productId, recommendedId, score)",
  auth: true,
  roles: RECS_STRATEGY_VIEW_ROLES,
  site: 'query',
  query: siteQuery.extend({ hash: z.string().regex(/^[0-9a-f]{12}$/) }),
  response: z.string(),
});

export const refreshRegionalRoute = defineRoute({
  method: 'GET',
  path: '/refresh/regionalAvailability',
  summary:
    'Refresh regional recommendation lists: rebuilds every strategy against the current availability',
  auth: true,
  roles: RECS_STRATEGY_EDIT_ROLES,
  site: 'query',
  query: siteQuery,
  response: job,
});

export const modelsInfoRoute = defineRoute({
  method: 'GET',
  path: '/models-builder/info',
  summary: 'Model builder: the models, datasets and sites it works with',
  auth: true,
  roles: MODELS_VIEW,
  site: 'query',
  query: siteQuery,
  response: z.object({
    models: z.array(z.object({ name: z.string(), jobName: modelJobName, description: z.string() })),
    datasets: z.array(
      z.object({
        name: z.string(),
        rows: z.number().int(),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
    ),
    sites: z.array(z.object({ siteId: z.number().int(), name: z.string() })),
  }),
});

export const startModelJobRoute = defineRoute({
  method: 'POST',
  path: '/models-builder/job/start',
  summary: 'Start a model building job by name (XGBVECTORS or RECS); mails emailList when done',
  auth: true,
  roles: MODELS_START_ROLES,
  site: 'query',
  query: siteQuery.extend({ jobName: modelJobName }),
  body: z.strictObject({ emailList: z.array(z.email().max(254)).max(20).default([]) }).nullish(),
  response: job,
});

export const modelJobStatusRoute = defineRoute({
  method: 'GET',
  path: '/models-builder/job/status',
  summary: 'The latest job of a name (or null)',
  auth: true,
  roles: MODELS_VIEW,
  site: 'query',
  query: siteQuery.extend({ jobName: modelJobName }),
  response: job.nullable(),
});

export const getCoefficientsRoute = defineRoute({
  method: 'GET',
  path: '/models-builder/coefficients',
  summary: 'The coefficients the public search ranking uses',
  auth: true,
  roles: RANKING_VIEW,
  site: 'query',
  query: siteQuery,
  response: rankingCoefficients,
});

export const putCoefficientsRoute = defineRoute({
  method: 'PUT',
  path: '/models-builder/coefficients',
  summary: 'Save the ranking coefficients (each -9.99 to 9.99); applied to the next search',
  auth: true,
  roles: RANKING_EDIT_ROLES,
  site: 'query',
  query: siteQuery,
  body: rankingCoefficients,
  response: rankingCoefficients,
});

export const rankingModelsRoute = defineRoute({
  method: 'GET',
  path: '/models-builder/models',
  summary: 'The XGBVECTORS models built (newest first) with their offline quality (NDCG@10)',
  auth: true,
  roles: MODELS_VIEW,
  site: 'query',
  query: siteQuery,
  response: z.array(rankingModel),
});

export const activateRankingModelRoute = defineRoute({
  method: 'POST',
  path: '/models-builder/models/:version/activate',
  summary:
    'Switch an XGBVECTORS model on: its weights become the ranking coefficients (audited), live at once',
  auth: true,
  roles: RANKING_EDIT_ROLES,
  site: 'query',
  params: z.strictObject({ version: z.coerce.number().int().positive() }),
  query: siteQuery,
  body: z.strictObject({}).nullish(),
  response: rankingModel,
});

export const widgetCtrRoute = defineRoute({
  method: 'GET',
  path: '/report/widgets/:id',
  summary:
    'CTR per recommendation block (widget views and clicks) and of the search answers, over a period of at most 400 days',
  auth: true,
  roles: REPORT_WIDGET_ROLES,
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  query: z.strictObject({ from: isoDay, to: isoDay }).superRefine(periodRefinement(400)),
  response: widgetCtrReport,
});
