import type { AppRoute } from './route-types.ts';
import { configRoles } from './config-roles.ts';

/** Experiments: the MVT config. */
export const EXPERIMENTS_ROUTES: readonly AppRoute[] = [
  {
    path: '/mvt',
    mainCall: 'GET /site/:id/config/:kind',
    titleKey: 'routes.mvt',
    breadcrumbs: [],
    roles: configRoles('mvt'),
    menu: { section: 'experiments' },
    locales: ['mvt', 'configStudio', 'studio'],
    page: () => import('#src/features/mvt/mvt-page.tsx'),
  },
];
