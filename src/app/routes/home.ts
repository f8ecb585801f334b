import { REPORT_AGG_ROLES } from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';

/** Home: the bare greeting, replaced in the menu by the statistics for those who may read them (spec §6). */
export const HOME_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    titleKey: 'routes.greeting',
    breadcrumbs: [],
    roles: [],
    menu: { section: 'home', replacedBy: '/home' },
    locales: [],
    page: () => import('#src/features/system/greeting-page.tsx'),
  },
  {
    path: '/home',
    mainCall: 'GET /report/agg/:id/global',
    titleKey: 'reports.routes.home',
    breadcrumbs: [],
    roles: REPORT_AGG_ROLES,
    menu: { section: 'home' },
    locales: ['reports'],
    page: () => import('#src/features/reports/home/home-page.tsx'),
  },
];

/** The signed-in user's own profile (two-factor sign-in): any signed-in user, not in the menu. */
export const PROFILE_ROUTE: AppRoute = {
  path: '/profile',
  mainCall: 'GET /me/two-factor',
  titleKey: 'routes.profile',
  breadcrumbs: [],
  roles: [],
  overlay: false,
  locales: ['users'],
  page: () => import('#src/features/users/profile-page.tsx'),
};
