import { DOLYAME_READ_ROLES, DOLYAME_WRITE_ROLES } from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';

/** Instalment (Dolyame): site viewers read, site editors change (contract/routes/dolyame.ts). */
export const INSTALMENT_ROUTES: readonly AppRoute[] = [
  {
    path: '/dolyame/config/app',
    mainCall: 'GET /config/dolyame/app',
    titleKey: 'routes.dolyameApp',
    breadcrumbs: [],
    roles: DOLYAME_READ_ROLES,
    write: { call: 'POST /config/dolyame/app', roles: DOLYAME_WRITE_ROLES },
    menu: { section: 'instalment' },
    locales: ['dolyame'],
    page: () => import('#src/features/dolyame/dolyame-app-page.tsx'),
  },
  {
    path: '/dolyame/config/widget',
    mainCall: 'GET /config/dolyame/widget',
    titleKey: 'routes.dolyameWidget',
    breadcrumbs: [],
    roles: DOLYAME_READ_ROLES,
    write: { call: 'POST /config/dolyame/widget', roles: DOLYAME_WRITE_ROLES },
    menu: { section: 'instalment' },
    locales: ['dolyame', 'studio'],
    page: () => import('#src/features/dolyame/dolyame-widget-page.tsx'),
  },
  {
    path: '/dolyame/alternative-attributes',
    mainCall: 'GET /dolyame/alternative-attribute/all',
    titleKey: 'routes.dolyameAttributes',
    breadcrumbs: [],
    roles: DOLYAME_READ_ROLES,
    write: { call: 'POST /dolyame/alternative-attribute', roles: DOLYAME_WRITE_ROLES },
    menu: { section: 'instalment' },
    locales: ['dolyame'],
    page: () => import('#src/features/dolyame/alternative-attributes-page.tsx'),
  },
];
