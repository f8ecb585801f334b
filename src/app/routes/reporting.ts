import {
  CUSTOM_REPORT_VIEW_ROLES,
  CUSTOM_REPORTING_ROLES,
  REPORT_AGG_ROLES,
  REPORT_DAILY_ROLES,
} from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';

/** Reporting: the standard reports, the custom report tabs and their editor. */
export const REPORTING_ROUTES: readonly AppRoute[] = [
  {
    path: '/reporting',
    mainCall: 'GET /report/widgets/:id',
    titleKey: 'reports.routes.reporting',
    breadcrumbs: [],
    roles: [...REPORT_AGG_ROLES, ...REPORT_DAILY_ROLES],
    menu: { section: 'reporting' },
    locales: ['reports'],
    page: () => import('#src/features/reports/reporting/reporting-page.tsx'),
  },
  {
    path: '/custom-reporting',
    mainCall: 'GET /admin/custom-report/tabs',
    titleKey: 'reports.routes.customReporting',
    breadcrumbs: [],
    // Superusers and administrators (spec §6); hasAccess lets ROLE_ADMIN through every list.
    roles: CUSTOM_REPORTING_ROLES,
    menu: { section: 'reporting' },
    locales: ['reports'],
    page: () => import('#src/features/reports/custom/custom-reporting-page.tsx'),
  },
  {
    // One entry per enabled tab of the user joins the 'reporting' section (see the sidebar).
    path: '/reporting/:name',
    mainCall: 'GET /custom-report',
    titleKey: 'reports.routes.customTab',
    breadcrumbs: ['reports.routes.reporting'],
    roles: CUSTOM_REPORT_VIEW_ROLES,
    locales: ['reports'],
    page: () => import('#src/features/reports/custom/custom-tab-page.tsx'),
  },
];
