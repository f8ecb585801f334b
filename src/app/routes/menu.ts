/**
 * The sidebar's sections and the sub-groups of the search settings, in menu order, with their
 * headings; which entries each holds comes from the route table (`menuFor` in ../routes.ts).
 */

/** Sidebar sections in the order of spec §2 "Sidebar"; only those with a screen show. */
export const MENU_SECTIONS = [
  'home',
  'knowledgeBase',
  'reporting',
  'merchandising',
  'searchUx',
  'recommendations',
  'reviews',
  'instalment',
  'experiments',
  'integration',
  'admin',
  'feedback',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** Heading of each sidebar section. */
export const MENU_SECTION_TITLES: Record<MenuSection, SectionTitleKey> = {
  home: 'shell.sections.home',
  knowledgeBase: 'shell.sections.knowledgeBase',
  reporting: 'reports.menu.section',
  merchandising: 'shell.sections.merchandising',
  searchUx: 'shell.sections.searchUx',
  recommendations: 'shell.sections.recommendations',
  reviews: 'shell.sections.reviews',
  instalment: 'shell.sections.instalment',
  experiments: 'shell.sections.experiments',
  integration: 'shell.sections.integration',
  admin: 'shell.sections.admin',
  feedback: 'shell.sections.feedback',
};
type SectionTitleKey =
  | 'shell.sections.home'
  | 'reports.menu.section'
  | 'shell.sections.merchandising'
  | 'shell.sections.searchUx'
  | 'shell.sections.recommendations'
  | 'shell.sections.reviews'
  | 'shell.sections.instalment'
  | 'shell.sections.experiments'
  | 'shell.sections.integration'
  | 'shell.sections.admin'
  | 'shell.sections.knowledgeBase'
  | 'shell.sections.feedback';

/**
 * The sub-groups of the search and autocomplete settings (spec §2 "Sidebar": UX, search
 * configuration, service configuration), told by the path: /anyquery/ux, /anyquery/search,
 * /anyquery/service.
 */
export const MENU_GROUPS = ['ux', 'searchConfig', 'service'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];
export const MENU_GROUP_TITLES: Record<
  MenuGroup,
  'shell.groups.ux' | 'shell.groups.searchConfig' | 'shell.groups.service'
> = {
  ux: 'shell.groups.ux',
  searchConfig: 'shell.groups.searchConfig',
  service: 'shell.groups.service',
};
const GROUP_PREFIXES: Record<MenuGroup, string> = {
  ux: '/anyquery/ux/',
  searchConfig: '/anyquery/search/',
  service: '/anyquery/service/',
};

/** The sub-group of the search settings a path belongs to, if any. */
export function menuGroupOf(pathname: string): MenuGroup | undefined {
  return MENU_GROUPS.find((group) => pathname.startsWith(GROUP_PREFIXES[group]));
}
