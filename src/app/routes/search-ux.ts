import type { AppRoute } from './route-types.ts';
import { configRoles, searchUxRoles } from './config-roles.ts';
import { QUERY_LIST_ROUTES } from './query-lists.ts';
import { MODEL_TRAINING_ROUTE } from './recommendations.ts';
import { SEARCH_CONFIG_ROUTES } from './search-config.ts';

const searchUxPage = () => import('#src/features/search-ux/search-ux-page.tsx');

/** The studio screens of search: instant search, autocomplete, search results, global components. */
const STUDIO_ROUTES: readonly AppRoute[] = [
  {
    path: '/anyquery/ux/instant-search',
    mainCall: 'GET /site/:id/config/:kind',
    titleKey: 'routes.instantSearch',
    breadcrumbs: [],
    roles: searchUxRoles('instant-search'),
    menu: { section: 'searchUx' },
    locales: ['ux', 'studio', 'configStudio'],
    page: searchUxPage,
  },
  {
    path: '/anyquery/ux/autocomplete',
    mainCall: 'GET /site/:id/config/:kind',
    titleKey: 'routes.autocomplete',
    breadcrumbs: [],
    roles: searchUxRoles('autocomplete'),
    menu: { section: 'searchUx' },
    locales: ['ux', 'studio', 'configStudio'],
    page: searchUxPage,
  },
  {
    path: '/anyquery/ux/search',
    mainCall: 'GET /site/:id/config/:kind',
    titleKey: 'routes.search',
    breadcrumbs: [],
    roles: searchUxRoles('search'),
    menu: { section: 'searchUx' },
    locales: ['ux', 'studio', 'configStudio'],
    page: searchUxPage,
  },
  {
    path: '/anyquery/ux/global-components',
    mainCall: 'GET /site/:id/config/global-component',
    titleKey: 'routes.globalComponents',
    breadcrumbs: [],
    roles: configRoles('global-component'),
    menu: { section: 'searchUx' },
    locales: ['componentsUx', 'configStudio', 'studio'],
    page: () => import('#src/features/components-ux/components-ux-page.tsx'),
  },
];

/**
 * The search and autocomplete settings section, in menu order: the studio screens, the query
 * lists, model training, the search configuration screens (the sidebar groups them by path).
 */
export const SEARCH_UX_ROUTES: readonly AppRoute[] = [
  ...STUDIO_ROUTES,
  ...QUERY_LIST_ROUTES,
  MODEL_TRAINING_ROUTE,
  ...SEARCH_CONFIG_ROUTES,
];
