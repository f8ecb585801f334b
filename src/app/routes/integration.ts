import {
  FEED_SETTINGS_ROLES,
  FEED_VIEW_ROLES,
  REGION_VIEW_ROLES,
  REGISTER_USER_ROLES,
  SITE_EDIT_ROLES,
  SITE_VIEW_ROLES,
} from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';
import { configRoles } from './config-roles.ts';
import { RANKING_CONFIG_ROUTE } from './recommendations.ts';
import { API_CONFIG_ROUTE } from './search-config.ts';

/** Integration, in menu order: ranking and API settings, the site, its configs, feeds, users. */
export const INTEGRATION_ROUTES: readonly AppRoute[] = [
  RANKING_CONFIG_ROUTE,
  API_CONFIG_ROUTE,
  {
    path: '/site/edit',
    mainCall: 'GET /site/:id',
    titleKey: 'routes.siteEdit',
    breadcrumbs: [],
    roles: SITE_VIEW_ROLES,
    write: { call: 'PUT /site/:id', roles: SITE_EDIT_ROLES },
    menu: { section: 'integration' },
    locales: ['sites', 'jobs'],
    page: () => import('#src/features/sites/site-edit-page.tsx'),
  },
  {
    path: '/site/tracking',
    mainCall: 'GET /site/:id/config/:kind',
    titleKey: 'routes.tracking',
    breadcrumbs: [],
    roles: configRoles('tracking'),
    menu: { section: 'integration' },
    locales: ['tracking', 'configStudio', 'studio'],
    page: () => import('#src/features/tracking/tracking-page.tsx'),
  },
  {
    path: '/site/global-config',
    mainCall: 'GET /site/:id/config/:kind',
    titleKey: 'routes.globalConfig',
    breadcrumbs: [],
    roles: configRoles('global-config'),
    menu: { section: 'integration' },
    locales: ['globalConfig', 'configStudio', 'studio'],
    page: () => import('#src/features/global-config/global-config-page.tsx'),
  },
  {
    // Spec part 2 §6 "Config: feed config, feed loader job start and config" (and config viewers).
    path: '/site/feed-loader',
    mainCall: 'GET /config/feed-loader/status',
    titleKey: 'routes.feedLoader',
    breadcrumbs: [],
    roles: FEED_VIEW_ROLES,
    write: { call: 'POST /config/feed-loader/edit/yml', roles: FEED_SETTINGS_ROLES },
    menu: { section: 'integration' },
    locales: ['feeds', 'jobs'],
    page: () => import('#src/features/feeds/feed-loader-page.tsx'),
  },
  {
    path: '/site/feed-checker',
    mainCall: 'GET /config/feed-checker/status',
    titleKey: 'routes.feedChecker',
    breadcrumbs: [],
    roles: FEED_VIEW_ROLES,
    menu: { section: 'integration' },
    locales: ['feeds', 'jobs'],
    page: () => import('#src/features/feeds/feed-checker-page.tsx'),
  },
  {
    path: '/site/feed-configurator',
    mainCall: 'GET /config/imshop/regions',
    titleKey: 'routes.feedConfigurator',
    breadcrumbs: [],
    roles: REGION_VIEW_ROLES,
    menu: { section: 'integration' },
    locales: ['feeds', 'jobs'],
    page: () => import('#src/features/feeds/feed-configurator-page.tsx'),
  },
  {
    path: '/site/register-user',
    mainCall: 'GET /vertical',
    titleKey: 'routes.registerUser',
    breadcrumbs: [],
    roles: REGISTER_USER_ROLES,
    menu: { section: 'integration' },
    locales: ['sites', 'users'],
    page: () => import('#src/features/users/register-page.tsx'),
  },
];
