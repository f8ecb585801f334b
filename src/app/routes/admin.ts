import { AUDIT_ROLES, CUSTOM_REPORTING_ROLES, USER_ADMIN_ROLES } from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';

/** Administration, in menu order: users and roles, the report catalogue, a user, the audit log. */
export const ADMIN_ROUTES: readonly AppRoute[] = [
  {
    path: '/admin/roles',
    mainCall: 'GET /user/all',
    titleKey: 'routes.roles',
    breadcrumbs: [],
    roles: USER_ADMIN_ROLES,
    menu: { section: 'admin' },
    locales: ['users'],
    page: () => import('#src/features/users/roles-page.tsx'),
  },
  {
    // The report catalogue: like custom reporting, superusers and
    // administrators (spec §6); its calls take ROLE_CUSTOM_REPORT_ADMIN, as the tab calls do.
    path: '/admin/edit-reports',
    mainCall: 'GET /custom-report/charts',
    titleKey: 'routes.editReports',
    breadcrumbs: [],
    roles: CUSTOM_REPORTING_ROLES,
    menu: { section: 'admin' },
    locales: ['reports'],
    page: () => import('#src/features/reports/custom/edit-reports-page.tsx'),
  },
  {
    path: '/admin/edit-user',
    mainCall: 'GET /user/:login',
    titleKey: 'routes.editUser',
    breadcrumbs: ['routes.roles'],
    roles: USER_ADMIN_ROLES,
    menu: { section: 'admin' },
    locales: ['users'],
    page: () => import('#src/features/users/edit-user-page.tsx'),
  },
  {
    // The audit log with diff and restore (administrators, spec §6).
    path: '/admin/audit',
    mainCall: 'GET /audit',
    titleKey: 'routes.audit',
    breadcrumbs: [],
    roles: AUDIT_ROLES,
    menu: { section: 'admin' },
    locales: ['audit'],
    page: () => import('#src/features/audit/audit-page.tsx'),
  },
];
