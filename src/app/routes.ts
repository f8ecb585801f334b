/**
 * The one route table (DESIGN.md "Admin SPA"): the router, the guards, the sidebar, the page
 * title and the breadcrumbs all derive from it. Each menu section's screens are in
 * `routes/<section>.ts`, with the roles of the contract's calls; screens are registered when
 * they exist.
 */
import { hasAccess } from '#contract/roles.ts';
import type { LocaleDomain } from '#src/lib/i18n-domains.ts';
import { isFixedPath, registerScreens } from '#src/lib/screens.ts';
import { ADMIN_ROUTES } from './routes/admin.ts';
import { EXPERIMENTS_ROUTES } from './routes/experiments.ts';
import { HOME_ROUTES, PROFILE_ROUTE } from './routes/home.ts';
import { INSTALMENT_ROUTES } from './routes/instalment.ts';
import { INTEGRATION_ROUTES } from './routes/integration.ts';
import { MENU_SECTIONS, type MenuSection } from './routes/menu.ts';
import { MERCHANDISING_ROUTES } from './routes/merchandising.ts';
import { RECOMMENDATIONS_ROUTES } from './routes/recommendations.ts';
import { REPORTING_ROUTES } from './routes/reporting.ts';
import { REVIEWS_ROUTES } from './routes/reviews.ts';
import type { AppRoute } from './routes/route-types.ts';
import { SEARCH_UX_ROUTES } from './routes/search-ux.ts';
import { FEEDBACK_ROUTES, KNOWLEDGE_BASE_ROUTES } from './routes/support.ts';

export {
  MENU_GROUPS,
  MENU_GROUP_TITLES,
  MENU_SECTIONS,
  MENU_SECTION_TITLES,
  menuGroupOf,
  type MenuGroup,
  type MenuSection,
} from './routes/menu.ts';
export type { AppRoute, CallKey, TitleKey } from './routes/route-types.ts';
// The layout and the error screen still take these from here; the screens take them from lib.
export { homePath, isFixedPath } from '#src/lib/screens.ts';

/** The key domains of the signed-in frame (sidebar section and route titles, breadcrumbs). */
/** `chat`: the client users' support chat widget (and the staff inbox), in the frame. */
export const LAYOUT_LOCALES: readonly LocaleDomain[] = ['reports', 'chat'];

/** The routes by menu section, in menu order (the greeting page lists them in this order too). */
export const APP_ROUTES: readonly AppRoute[] = [
  ...HOME_ROUTES,
  ...KNOWLEDGE_BASE_ROUTES,
  ...REPORTING_ROUTES,
  ...MERCHANDISING_ROUTES,
  ...SEARCH_UX_ROUTES,
  ...RECOMMENDATIONS_ROUTES,
  ...REVIEWS_ROUTES,
  ...INSTALMENT_ROUTES,
  ...EXPERIMENTS_ROUTES,
  ...INTEGRATION_ROUTES,
  ...ADMIN_ROUTES,
  ...FEEDBACK_ROUTES,
  PROFILE_ROUTE,
];

// The greeting lists the screens from lib: it may not import this table, which imports it.
registerScreens(APP_ROUTES);

/** The menu section of the page at `pathname` (a custom report tab: reporting). */
export function sectionOf(pathname: string): MenuSection | undefined {
  if (pathname.startsWith('/reporting/')) return 'reporting';
  return findRoute(pathname)?.menu?.section;
}

/**
 * The screen a user lands on when /home is not theirs (no aggregate-report role): the first
 * entry of their menu (the greeting at / for everyone without the statistics).
 */
export function firstScreen(roles: readonly string[]): string {
  const first = menuFor(roles)
    .flatMap((group) => group.routes)
    .find((route) => isFixedPath(route.path));
  return first?.path ?? '/';
}

export function findRoute(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === pathname);
}

/** The menu entries a user may open, by section: derived from the route table and the roles. */
export function menuFor(roles: readonly string[], options: { client?: boolean } = {}) {
  return MENU_SECTIONS.map((section) => ({
    section,
    routes: APP_ROUTES.filter(
      (route) =>
        route.menu?.section === section &&
        mayOpen(route, roles, options.client ?? false) &&
        !replaced(route, roles),
    ),
  })).filter((group) => group.routes.length > 0);
}

/** Whether a user may open a route: a role of it, and staff for the staff-only ones. */
export function mayOpen(route: AppRoute, roles: readonly string[], client: boolean): boolean {
  return hasAccess(roles, route.roles) && !(route.staffOnly && client);
}

function replaced(route: AppRoute, roles: readonly string[]): boolean {
  const other = route.menu?.replacedBy && findRoute(route.menu.replacedBy);
  return Boolean(other && hasAccess(roles, other.roles));
}
