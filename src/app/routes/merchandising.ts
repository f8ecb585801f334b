import {
  MERCH_MODELS_ROLES,
  MERCH_RECS_ROLES,
  MERCH_SEARCH_MENU_ROLES,
} from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';

/**
 * Merchandising rules (spec part 2 §6 menu rules): search rules need merchandising view,
 * recommendation rules recs merch rules config, custom models autocomplete job start.
 */
export const MERCHANDISING_ROUTES: readonly AppRoute[] = [
  {
    path: '/merch-rules/search',
    mainCall: 'POST /merchandising/boosting/criteria',
    titleKey: 'routes.merchSearch',
    breadcrumbs: [],
    roles: MERCH_SEARCH_MENU_ROLES,
    menu: { section: 'merchandising' },
    locales: ['merch'],
    page: () => import('#src/features/merch/search-rules-page.tsx'),
  },
  {
    path: '/merch-rules/recommendations',
    mainCall: 'GET /merchandising/recs',
    titleKey: 'routes.merchRecs',
    breadcrumbs: [],
    roles: MERCH_RECS_ROLES,
    menu: { section: 'merchandising' },
    locales: ['merch'],
    page: () => import('#src/features/merch/recs-rules-page.tsx'),
  },
  {
    path: '/merch-rules/custom-models',
    mainCall: 'GET /custom/model',
    titleKey: 'routes.merchModels',
    breadcrumbs: [],
    roles: MERCH_MODELS_ROLES,
    menu: { section: 'merchandising' },
    locales: ['merch'],
    page: () => import('#src/features/merch/custom-models-page.tsx'),
  },
];
