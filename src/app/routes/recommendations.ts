import {
  MODELS_START_ROLES,
  RANKING_EDIT_ROLES,
  RECS_STRATEGY_EDIT_ROLES,
  RECS_STRATEGY_VIEW_ROLES,
  RECS_WIDGET_VIEW_ROLES,
} from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';
import { configRoles } from './config-roles.ts';

/** Recommendations: the blocks in the studio, the strategies, the widgets. */
export const RECOMMENDATIONS_ROUTES: readonly AppRoute[] = [
  {
    path: '/recs-configuration/ux',
    mainCall: 'GET /site/:id/config/recommendations-block',
    titleKey: 'routes.recsUx',
    breadcrumbs: [],
    roles: configRoles('recommendations-block'),
    menu: { section: 'recommendations' },
    locales: ['recsUx', 'configStudio', 'studio'],
    page: () => import('#src/features/recs-ux/recs-ux-page.tsx'),
  },
  {
    path: '/recs-configuration/strategy',
    mainCall: 'GET /recs/:site/strategies',
    titleKey: 'routes.recsStrategies',
    breadcrumbs: [],
    // The strategies' own viewers: the list call also lets the widgets' in (they pick a strategy).
    roles: RECS_STRATEGY_VIEW_ROLES,
    write: { call: 'GET /recs/:site/strategies/switch/:hash', roles: RECS_STRATEGY_EDIT_ROLES },
    menu: { section: 'recommendations' },
    locales: ['recs'],
    page: () => import('#src/features/recs/strategies-page.tsx'),
  },
  {
    path: '/recs-configuration/widget',
    mainCall: 'GET /recs/:site/widgets',
    titleKey: 'routes.recsWidgets',
    breadcrumbs: [],
    roles: RECS_WIDGET_VIEW_ROLES,
    menu: { section: 'recommendations' },
    locales: ['recs'],
    page: () => import('#src/features/recs/widgets-page.tsx'),
  },
];

/** Model training: in the search settings section. */
export const MODEL_TRAINING_ROUTE: AppRoute = {
  path: '/anyquery/search/model-training',
  mainCall: 'GET /models-builder/models',
  titleKey: 'routes.modelTraining',
  breadcrumbs: [],
  // Those who may train; the catalogue call also lets the ranking viewers read.
  roles: MODELS_START_ROLES,
  menu: { section: 'searchUx' },
  locales: ['recs'],
  page: () => import('#src/features/recs/model-training-page.tsx'),
};

/** Ranking configuration: in the integration section; spec §6: admin or autocomplete job start. */
export const RANKING_CONFIG_ROUTE: AppRoute = {
  path: '/site/ranking-config',
  mainCall: 'GET /models-builder/coefficients',
  titleKey: 'routes.rankingConfig',
  breadcrumbs: [],
  roles: RANKING_EDIT_ROLES,
  menu: { section: 'integration' },
  locales: ['recs', 'sites'],
  page: () => import('#src/features/recs/ranking-config-page.tsx'),
};
