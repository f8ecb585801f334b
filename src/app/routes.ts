import type { ComponentType } from 'react';
import { CONFIG_ROLES, type ConfigKind } from '#contract/entities/config.ts';
import { hasAccess, type Role } from '#contract/roles.ts';

/** Sidebar sections in the order of spec §2 "Sidebar"; only those with a screen show. */
export const MENU_SECTIONS = [
  'home',
  'searchUx',
  'recommendations',
  'experiments',
  'integration',
  'admin',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export type TitleKey =
  | 'routes.greeting'
  | 'routes.login'
  | 'routes.notFound'
  | 'routes.siteEdit'
  | 'routes.registerUser'
  | 'routes.roles'
  | 'routes.editUser'
  | 'routes.instantSearch'
  | 'routes.autocomplete'
  | 'routes.search'
  | 'routes.globalComponents'
  | 'routes.recsUx'
  | 'routes.mvt'
  | 'routes.tracking';

export interface AppRoute {
  path: string;
  titleKey: TitleKey;
  /** Title keys of the pages above this one, outermost first. */
  breadcrumbs: readonly TitleKey[];
  /** Any one of these lets the user in (empty: any signed-in user); the menu hides what they do not allow. */
  roles: readonly Role[];
  menu?: { section: MenuSection };
  /** Show the global loading overlay while calls run. @default true */
  overlay?: boolean;
  page: () => Promise<{ default: ComponentType }>;
}

/** Who may open a search UX screen: viewers read it, the config roles of spec §6 act on it. */
const searchUxRoles = (kind: 'instant-search' | 'autocomplete' | 'search'): readonly Role[] => [
  'ROLE_CONFIG_VIEW',
  'ROLE_AUTOCOMPLETE_VIEW',
  ...CONFIG_ROLES[kind].save,
];
/** The other config screens: config viewers read them, the config's own roles act on them. */
const configRoles = (kind: ConfigKind): readonly Role[] => [
  'ROLE_CONFIG_VIEW',
  ...CONFIG_ROLES[kind].save,
];
const searchUxPage = () => import('#src/features/search-ux/search-ux-page.tsx');

/**
 * The one route table (DESIGN.md "Admin SPA"): the router, the guards, the sidebar, the page
 * title and the breadcrumbs all derive from it. Screens are registered when they exist.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    titleKey: 'routes.greeting',
    breadcrumbs: [],
    roles: [],
    menu: { section: 'home' },
    page: () => import('#src/features/system/greeting-page.tsx'),
  },
  {
    path: '/anyquery/ux/instant-search',
    titleKey: 'routes.instantSearch',
    breadcrumbs: [],
    roles: searchUxRoles('instant-search'),
    menu: { section: 'searchUx' },
    page: searchUxPage,
  },
  {
    path: '/anyquery/ux/autocomplete',
    titleKey: 'routes.autocomplete',
    breadcrumbs: [],
    roles: searchUxRoles('autocomplete'),
    menu: { section: 'searchUx' },
    page: searchUxPage,
  },
  {
    path: '/anyquery/ux/search',
    titleKey: 'routes.search',
    breadcrumbs: [],
    roles: searchUxRoles('search'),
    menu: { section: 'searchUx' },
    page: searchUxPage,
  },
  {
    path: '/anyquery/ux/global-components',
    titleKey: 'routes.globalComponents',
    breadcrumbs: [],
    roles: configRoles('global-component'),
    menu: { section: 'searchUx' },
    page: () => import('#src/features/components-ux/components-ux-page.tsx'),
  },
  {
    path: '/recs-configuration/ux',
    titleKey: 'routes.recsUx',
    breadcrumbs: [],
    roles: configRoles('recommendations-block'),
    menu: { section: 'recommendations' },
    page: () => import('#src/features/recs-ux/recs-ux-page.tsx'),
  },
  {
    path: '/mvt',
    titleKey: 'routes.mvt',
    breadcrumbs: [],
    roles: configRoles('mvt'),
    menu: { section: 'experiments' },
    page: () => import('#src/features/mvt/mvt-page.tsx'),
  },
  {
    path: '/site/edit',
    titleKey: 'routes.siteEdit',
    breadcrumbs: [],
    roles: ['ROLE_SITE_CONFIG', 'ROLE_SITE_VIEW'],
    menu: { section: 'integration' },
    page: () => import('#src/features/sites/site-edit-page.tsx'),
  },
  {
    path: '/site/tracking',
    titleKey: 'routes.tracking',
    breadcrumbs: [],
    roles: configRoles('tracking'),
    menu: { section: 'integration' },
    page: () => import('#src/features/tracking/tracking-page.tsx'),
  },
  {
    path: '/site/register-user',
    titleKey: 'routes.registerUser',
    breadcrumbs: [],
    roles: ['ROLE_REGISTER_CONFIG'],
    menu: { section: 'integration' },
    page: () => import('#src/features/users/register-page.tsx'),
  },
  {
    path: '/admin/roles',
    titleKey: 'routes.roles',
    breadcrumbs: [],
    roles: ['ROLE_ADMIN'],
    menu: { section: 'admin' },
    page: () => import('#src/features/users/roles-page.tsx'),
  },
  {
    path: '/admin/edit-user',
    titleKey: 'routes.editUser',
    breadcrumbs: ['routes.roles'],
    roles: ['ROLE_ADMIN'],
    menu: { section: 'admin' },
    page: () => import('#src/features/users/edit-user-page.tsx'),
  },
];

/** Where "home" is for a user: the greeting until the home statistics screen exists (spec §6). */
export function homePath(): string {
  return '/';
}

export function findRoute(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === pathname);
}

/** The menu entries a user may open, by section: derived from the route table and the roles. */
export function menuFor(roles: readonly string[]) {
  return MENU_SECTIONS.map((section) => ({
    section,
    routes: APP_ROUTES.filter(
      (route) => route.menu?.section === section && hasAccess(roles, route.roles),
    ),
  })).filter((group) => group.routes.length > 0);
}
