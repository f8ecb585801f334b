import type { ComponentType } from 'react';
import { CONFIG_ROLES, type ConfigKind } from '#contract/entities/config-roles.ts';
import { hasAccess, type Role } from '#contract/roles.ts';
import type { QueryListKind } from '#contract/entities/query-lists.ts';
import { listRoles } from '#src/features/query-lists/lib/list-kind.ts';
import { QUERY_LIST_ROLES } from '#contract/entities/query-list-roles.ts';
import type { LocaleDomain } from '#src/lib/i18n-domains.ts';
import type * as SearchConfigPages from '#src/features/search-config/pages.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';

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

/** The menu section of the page at `pathname` (a custom report tab: reporting). */
export function sectionOf(pathname: string): MenuSection | undefined {
  if (pathname.startsWith('/reporting/')) return 'reporting';
  return findRoute(pathname)?.menu?.section;
}

export type TitleKey =
  | 'routes.greeting'
  | 'routes.login'
  | 'routes.notFound'
  | 'routes.siteEdit'
  | 'routes.registerUser'
  | 'routes.roles'
  | 'routes.editUser'
  | 'routes.profile'
  | 'routes.instantSearch'
  | 'routes.autocomplete'
  | 'routes.search'
  | 'routes.globalComponents'
  | 'routes.recsUx'
  | 'routes.mvt'
  | 'routes.tracking'
  | 'routes.feedLoader'
  | 'routes.feedChecker'
  | 'routes.feedConfigurator'
  | 'routes.recsStrategies'
  | 'routes.modelTraining'
  | 'routes.rankingConfig'
  | 'routes.dolyameApp'
  | 'routes.dolyameWidget'
  | 'routes.dolyameAttributes'
  | 'routes.queryWhiteList'
  | 'routes.queryBlackList'
  | 'routes.queryBrands'
  | 'routes.queryStemmerExclusions'
  | 'routes.querySynonyms'
  | 'routes.queryBrandExclusions'
  | 'routes.queryTransliterations'
  | 'routes.queryExclusions'
  | 'routes.queryAutocompleteBlackList'
  | 'routes.merchSearch'
  | 'routes.merchRecs'
  | 'routes.merchModels'
  | 'reports.routes.home'
  | 'reports.routes.reporting'
  | 'reports.routes.customTab'
  | 'reports.routes.customReporting'
  | 'routes.searchAttributes'
  | 'routes.regionalAttributes'
  | 'routes.responseAttributes'
  | 'routes.skuAttributes'
  | 'routes.skuConfig'
  | 'routes.groupingConfig'
  | 'routes.jobConfig'
  | 'routes.facetAttributes'
  | 'routes.customSort'
  | 'routes.apiConfig'
  | 'routes.knowledgeBase'
  | 'routes.internalFeedback'
  | 'routes.supportChat'
  | 'routes.reviewsUpload'
  | 'routes.reviewsDelete'
  | 'routes.neurocardUpload'
  | 'routes.neurocardDelete'
  | 'routes.editReports'
  | 'routes.globalConfig'
  | 'routes.audit'
  | 'routes.recsWidgets';

export interface AppRoute {
  path: string;
  titleKey: TitleKey;
  /** Title keys of the pages above this one, outermost first. */
  breadcrumbs: readonly TitleKey[];
  /** Any one of these lets the user in (empty: any signed-in user); the menu hides what they do not allow. */
  roles: readonly Role[];
  /**
   * The call the screen cannot show without (`METHOD /path` of the contract): every role in
   * `roles` must be one it allows (tests/src/app/route-calls.test.ts), so the menu never offers
   * a page whose first read answers 403. Absent: the screen reads nothing of its own.
   */
  mainCall?: CallKey;
  /**
   * The roles that change what the screen shows, as the contract's write call (`writeCall`)
   * names them: without one, the screen says it is read-only, and why, above its greyed forms.
   */
  write?: { call: CallKey; roles: readonly Role[] };
  menu?: {
    section: MenuSection;
    /** Left out of the menu for users who may open this path instead (the two homes, spec §6). */
    replacedBy?: string;
  };
  /** Staff only (spec §1, §6): hidden from client users and refused to them whatever their roles. */
  staffOnly?: boolean;
  /** Show the global loading overlay while calls run. @default true */
  overlay?: boolean;
  /**
   * The key domains the screen shows beyond CORE_LOCALES and LAYOUT_LOCALES: loaded with its
   * chunk, in the active language only (tests/src/app/locale-domains.test.ts checks the list).
   */
  locales: readonly LocaleDomain[];
  page: () => Promise<{ default: ComponentType }>;
}

/** A contract call as `METHOD /path` (`GET /aq/synonyms`). */
export type CallKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

/** The key domains of the signed-in frame (sidebar section and route titles, breadcrumbs). */
/** `chat`: the client users' support chat widget (and the staff inbox), in the frame. */
export const LAYOUT_LOCALES: readonly LocaleDomain[] = ['reports', 'chat'];

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
/**
 * The feed screens (spec part 2 §6 "Config: feed config, feed loader job start and config"), the
 * same list as the feed contract's FEED_VIEW_ROLES (not imported: the route table stays light).
 */
const FEED_VIEW_ROLES: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_START',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
/** The Dolyame screens: site viewers read them, site editors change them (contract/routes/dolyame.ts). */
const DOLYAME_READ_ROLES: readonly Role[] = ['ROLE_SITE_VIEW', 'ROLE_SITE_CONFIG'];
/** The review screens: site viewers read them, site editors upload and delete (contract/routes/reviews.ts). */
const REVIEWS_READ_ROLES: readonly Role[] = ['ROLE_SITE_VIEW', 'ROLE_SITE_CONFIG'];
const reviewsRoute = (
  path: string,
  titleKey: TitleKey,
  name: 'ReviewsUploadPage' | 'ReviewsDeletePage' | 'NeurocardUploadPage' | 'NeurocardDeletePage',
): AppRoute => ({
  path,
  // Reviews screens list the reviews, neurocard screens the neurocards.
  mainCall: name.startsWith('Neurocard') ? 'GET /llm-store' : 'GET /reviews',
  titleKey,
  breadcrumbs: [],
  roles: REVIEWS_READ_ROLES,
  menu: { section: 'reviews' },
  locales: ['reviews'],
  page: () =>
    import('#src/features/reviews/pages.tsx').then((m) => ({ default: m[name] as ComponentType })),
});
const searchUxPage = () => import('#src/features/search-ux/search-ux-page.tsx');
const queryListPage = () => import('#src/features/query-lists/query-list-page.tsx');
/**
 * The query-list screens: the list's viewers and editors, the roles of its list call (one source:
 * contract/entities/query-list-roles.ts). The synonyms screen opens on the search synonyms, so
 * theirs decide; its autocomplete tab follows its own roles.
 */
const queryListRoles = (list: QueryListKind): readonly Role[] => listRoles(list);

/** The search configuration screens, one module. */
const searchConfigPage = (name: keyof typeof SearchConfigPages) => () =>
  import('#src/features/search-config/pages.tsx').then((m) => ({
    default: m[name] as ComponentType,
  }));
const SEARCH_CONFIG_VIEW: readonly Role[] = [
  'ROLE_AUTOCOMPLETE_VIEW',
  'ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG',
];
const searchConfigRoute = (
  path: string,
  titleKey: TitleKey,
  page: Parameters<typeof searchConfigPage>[0],
  mainCall: CallKey,
  roles: readonly Role[] = SEARCH_CONFIG_VIEW,
  section: MenuSection = 'searchUx',
  write?: AppRoute['write'],
): AppRoute => ({
  path,
  mainCall,
  ...(write && { write }),
  titleKey,
  breadcrumbs: [],
  roles,
  menu: { section },
  locales: ['searchConfig'],
  page: searchConfigPage(page),
});

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
    menu: { section: 'home', replacedBy: '/home' },
    locales: [],
    page: () => import('#src/features/system/greeting-page.tsx'),
  },
  {
    path: '/home',
    mainCall: 'GET /report/agg/:id/global',
    titleKey: 'reports.routes.home',
    breadcrumbs: [],
    roles: ['ROLE_REPORT_AGG_VIEW'],
    menu: { section: 'home' },
    locales: ['reports'],
    page: () => import('#src/features/reports/home/home-page.tsx'),
  },
  {
    // Spec §6: the knowledge base needs site view.
    path: '/knowledge-base',
    mainCall: 'GET /knowledge-base/articles',
    titleKey: 'routes.knowledgeBase',
    breadcrumbs: [],
    roles: ['ROLE_SITE_VIEW'],
    menu: { section: 'knowledgeBase' },
    locales: ['support'],
    page: () => import('#src/features/support/knowledge-base-page.tsx'),
  },
  {
    path: '/reporting',
    mainCall: 'GET /report/widgets/:id',
    titleKey: 'reports.routes.reporting',
    breadcrumbs: [],
    roles: ['ROLE_REPORT_AGG_VIEW', 'ROLE_REPORT_DAILY_VIEW'],
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
    roles: ['ROLE_SUPERUSER'],
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
    roles: ['ROLE_CUSTOM_REPORT_VIEW'],
    locales: ['reports'],
    page: () => import('#src/features/reports/custom/custom-tab-page.tsx'),
  },
  {
    // Menu rules (spec part 2 §6): search rules need merchandising view, recommendation rules
    // recs merch rules config, custom models autocomplete job start.
    path: '/merch-rules/search',
    mainCall: 'POST /merchandising/boosting/criteria',
    titleKey: 'routes.merchSearch',
    breadcrumbs: [],
    roles: [
      'ROLE_MERCHANDISING_VIEW',
      'ROLE_MERCHANDISING_BOOSTING_CONFIG',
      'ROLE_MERCHANDISING_REDIRECT_CONFIG',
    ],
    menu: { section: 'merchandising' },
    locales: ['merch'],
    page: () => import('#src/features/merch/search-rules-page.tsx'),
  },
  {
    path: '/merch-rules/recommendations',
    mainCall: 'GET /merchandising/recs',
    titleKey: 'routes.merchRecs',
    breadcrumbs: [],
    roles: ['ROLE_RECS_MERCH_RULES_CONFIG'],
    menu: { section: 'merchandising' },
    locales: ['merch'],
    page: () => import('#src/features/merch/recs-rules-page.tsx'),
  },
  {
    path: '/merch-rules/custom-models',
    mainCall: 'GET /custom/model',
    titleKey: 'routes.merchModels',
    breadcrumbs: [],
    roles: ['ROLE_AUTOCOMPLETE_JOB_START'],
    menu: { section: 'merchandising' },
    locales: ['merch'],
    page: () => import('#src/features/merch/custom-models-page.tsx'),
  },
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
  {
    path: '/anyquery/service/white-list',
    mainCall: 'GET /aq/white-list',
    titleKey: 'routes.queryWhiteList',
    breadcrumbs: [],
    roles: queryListRoles('white-list'),
    write: { call: 'POST /aq/white-list', roles: QUERY_LIST_ROLES['white-list'].edit },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/service/black-list',
    mainCall: 'GET /aq/black-list',
    titleKey: 'routes.queryBlackList',
    breadcrumbs: [],
    roles: queryListRoles('black-list'),
    write: { call: 'POST /aq/black-list', roles: QUERY_LIST_ROLES['black-list'].edit },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/service/brands',
    mainCall: 'GET /aq/brands',
    titleKey: 'routes.queryBrands',
    breadcrumbs: [],
    roles: queryListRoles('brands'),
    write: { call: 'POST /aq/brands', roles: QUERY_LIST_ROLES['brands'].edit },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/service/stemmer-exclusions',
    mainCall: 'GET /aq/stemmer/exclusions',
    titleKey: 'routes.queryStemmerExclusions',
    breadcrumbs: [],
    roles: queryListRoles('stemmer-exclusions'),
    write: {
      call: 'POST /aq/stemmer/exclusions',
      roles: QUERY_LIST_ROLES['stemmer-exclusions'].edit,
    },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/search/synonyms',
    mainCall: 'GET /aq/synonyms',
    titleKey: 'routes.querySynonyms',
    breadcrumbs: [],
    roles: queryListRoles('synonyms'),
    write: { call: 'POST /aq/synonyms', roles: QUERY_LIST_ROLES['synonyms'].edit },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/search/brands-exclusions',
    mainCall: 'GET /aq/brand_exclude',
    titleKey: 'routes.queryBrandExclusions',
    breadcrumbs: [],
    roles: queryListRoles('brand-exclusions'),
    write: { call: 'PUT /aq/brand_exclude', roles: QUERY_LIST_ROLES['brand-exclusions'].edit },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/search/transliterations',
    mainCall: 'GET /transliterations',
    titleKey: 'routes.queryTransliterations',
    breadcrumbs: [],
    roles: queryListRoles('transliterations'),
    write: {
      call: 'POST /transliterations/save',
      roles: QUERY_LIST_ROLES['transliterations'].edit,
    },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/search/query-exclusions',
    mainCall: 'GET /autocomplete/queries/exclusions',
    titleKey: 'routes.queryExclusions',
    breadcrumbs: [],
    roles: queryListRoles('query-exclusions'),
    write: {
      call: 'POST /autocomplete/queries/exclusions',
      roles: QUERY_LIST_ROLES['query-exclusions'].edit,
    },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/anyquery/search/autocomplete-blacklist',
    mainCall: 'GET /autocomplete/black-list',
    titleKey: 'routes.queryAutocompleteBlackList',
    breadcrumbs: [],
    roles: queryListRoles('autocomplete-black-list'),
    write: {
      call: 'POST /autocomplete/black-list',
      roles: QUERY_LIST_ROLES['autocomplete-black-list'].edit,
    },
    menu: { section: 'searchUx' },
    locales: ['queryLists'],
    page: queryListPage,
  },
  {
    path: '/recs-configuration/ux',
    mainCall: 'GET /site/:id/config/recommendations-block',
    titleKey: 'routes.recsUx',
    breadcrumbs: [],
    roles: configRoles('recommendations-block'),
    menu: { section: 'recommendations' },
    locales: ['recsUx', 'configStudio', 'studio'],
    page: () => import('#src/features/recs-ux/recs-ux-page.tsx'),
  },
  {
    path: '/recs-configuration/strategy',
    mainCall: 'GET /recs/:site/strategies',
    titleKey: 'routes.recsStrategies',
    breadcrumbs: [],
    roles: ['ROLE_RECS_STRATEGIES_CONFIG', 'ROLE_RECS_STRATEGIES_PREVIEW'],
    write: {
      call: 'GET /recs/:site/strategies/switch/:hash',
      roles: ['ROLE_RECS_STRATEGIES_CONFIG'],
    },
    menu: { section: 'recommendations' },
    locales: ['recs'],
    page: () => import('#src/features/recs/strategies-page.tsx'),
  },
  {
    path: '/recs-configuration/widget',
    mainCall: 'GET /recs/:site/widgets',
    titleKey: 'routes.recsWidgets',
    breadcrumbs: [],
    roles: ['ROLE_RECS_WIDGETS_CONFIG', 'ROLE_RECS_WIDGETS_PREVIEW'],
    menu: { section: 'recommendations' },
    locales: ['recs'],
    page: () => import('#src/features/recs/widgets-page.tsx'),
  },
  {
    path: '/anyquery/search/model-training',
    mainCall: 'GET /models-builder/models',
    titleKey: 'routes.modelTraining',
    breadcrumbs: [],
    roles: ['ROLE_RANKING_JOB_START', 'ROLE_AUTOCOMPLETE_JOB_START'],
    menu: { section: 'searchUx' },
    locales: ['recs'],
    page: () => import('#src/features/recs/model-training-page.tsx'),
  },
  {
    path: '/site/ranking-config',
    mainCall: 'GET /models-builder/coefficients',
    titleKey: 'routes.rankingConfig',
    breadcrumbs: [],
    // Spec §6: ranking configuration needs admin or autocomplete job start.
    roles: ['ROLE_AUTOCOMPLETE_JOB_START'],
    menu: { section: 'integration' },
    locales: ['recs', 'sites'],
    page: () => import('#src/features/recs/ranking-config-page.tsx'),
  },
  reviewsRoute('/anyreviews/upload', 'routes.reviewsUpload', 'ReviewsUploadPage'),
  reviewsRoute('/anyreviews/delete', 'routes.reviewsDelete', 'ReviewsDeletePage'),
  reviewsRoute('/anyreviews/neurocard-upload', 'routes.neurocardUpload', 'NeurocardUploadPage'),
  reviewsRoute('/anyreviews/neurocard-delete', 'routes.neurocardDelete', 'NeurocardDeletePage'),
  {
    path: '/dolyame/config/app',
    mainCall: 'GET /config/dolyame/app',
    titleKey: 'routes.dolyameApp',
    breadcrumbs: [],
    roles: DOLYAME_READ_ROLES,
    write: { call: 'POST /config/dolyame/app', roles: ['ROLE_SITE_CONFIG'] },
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
    write: { call: 'POST /config/dolyame/widget', roles: ['ROLE_SITE_CONFIG'] },
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
    write: { call: 'POST /dolyame/alternative-attribute', roles: ['ROLE_SITE_CONFIG'] },
    menu: { section: 'instalment' },
    locales: ['dolyame'],
    page: () => import('#src/features/dolyame/alternative-attributes-page.tsx'),
  },
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
  searchConfigRoute(
    '/anyquery/search/search-attributes',
    'routes.searchAttributes',
    'SearchAttributesPage',
    'GET /autocomplete/attributes',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    { call: 'POST /autocomplete/attributes', roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'] },
  ),
  searchConfigRoute(
    '/anyquery/search/regional-attributes',
    'routes.regionalAttributes',
    'RegionalAttributesPage',
    'GET /autocomplete/regionalAttributes',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    {
      call: 'POST /autocomplete/regionalAttributes',
      roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
    },
  ),
  searchConfigRoute(
    '/anyquery/search/response-attributes',
    'routes.responseAttributes',
    'ResponseAttributesPage',
    'GET /autocomplete/responseAttributes',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    {
      call: 'POST /autocomplete/responseAttributes',
      roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
    },
  ),
  searchConfigRoute(
    '/anyquery/search/sku-attributes',
    'routes.skuAttributes',
    'SkuAttributesPage',
    'GET /autocomplete/skuAttributes',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    { call: 'POST /autocomplete/skuAttributes', roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'] },
  ),
  searchConfigRoute(
    '/anyquery/search/sku-config',
    'routes.skuConfig',
    'SkuConfigPage',
    'GET /autocomplete/sku',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    { call: 'POST /autocomplete/sku', roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'] },
  ),
  searchConfigRoute(
    '/anyquery/search/grouping-config',
    'routes.groupingConfig',
    'GroupingConfigPage',
    'GET /autocomplete/groupRepresentativeAttributes',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    {
      call: 'POST /autocomplete/groupRepresentativeAttributes',
      roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
    },
  ),
  searchConfigRoute(
    '/anyquery/search/job-config',
    'routes.jobConfig',
    'JobConfigPage',
    'GET /autocomplete/job',
    ['ROLE_AUTOCOMPLETE_VIEW', 'ROLE_AUTOCOMPLETE_JOB_CONFIG', 'ROLE_AUTOCOMPLETE_JOB_START'],
    'searchUx',
    { call: 'POST /autocomplete/job', roles: ['ROLE_AUTOCOMPLETE_JOB_CONFIG'] },
  ),
  searchConfigRoute(
    '/anyquery/service/facet-attributes',
    'routes.facetAttributes',
    'FacetAttributesPage',
    'GET /autocomplete/facets/suggested',
    ['ROLE_AUTOCOMPLETE_FACET_ATTRIBUTES_CONFIG'],
  ),
  searchConfigRoute(
    '/anyquery/service/custom-sort',
    'routes.customSort',
    'CustomSortPage',
    'GET /custom/sort/:id/attributes',
    SEARCH_CONFIG_VIEW,
    'searchUx',
    { call: 'PUT /custom/sort/:id/attributes', roles: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'] },
  ),
  searchConfigRoute(
    '/site/api-config',
    'routes.apiConfig',
    'ApiConfigPage',
    'GET /autocomplete/api-params',
    ['ROLE_AUTOCOMPLETE_VIEW', 'ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG'],
    'integration',
    {
      call: 'POST /autocomplete/api-params',
      roles: ['ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG'],
    },
  ),
  {
    path: '/site/edit',
    mainCall: 'GET /site/:id',
    titleKey: 'routes.siteEdit',
    breadcrumbs: [],
    roles: ['ROLE_SITE_CONFIG', 'ROLE_SITE_VIEW'],
    write: { call: 'PUT /site/:id', roles: ['ROLE_SITE_CONFIG'] },
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
    path: '/site/feed-loader',
    mainCall: 'GET /config/feed-loader/status',
    titleKey: 'routes.feedLoader',
    breadcrumbs: [],
    // Spec part 2 §6 "Config: feed config, feed loader job start and config" (and config viewers).
    roles: FEED_VIEW_ROLES,
    write: {
      call: 'POST /config/feed-loader/edit/yml',
      roles: ['ROLE_CONFIG_FEED_CONFIG', 'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG'],
    },
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
    roles: [...FEED_VIEW_ROLES, 'ROLE_CONFIG_REGIONS'],
    menu: { section: 'integration' },
    locales: ['feeds', 'jobs'],
    page: () => import('#src/features/feeds/feed-configurator-page.tsx'),
  },
  {
    path: '/site/register-user',
    mainCall: 'GET /vertical',
    titleKey: 'routes.registerUser',
    breadcrumbs: [],
    roles: ['ROLE_REGISTER_CONFIG'],
    menu: { section: 'integration' },
    locales: ['sites', 'users'],
    page: () => import('#src/features/users/register-page.tsx'),
  },
  {
    path: '/admin/roles',
    mainCall: 'GET /user/all',
    titleKey: 'routes.roles',
    breadcrumbs: [],
    roles: ['ROLE_ADMIN'],
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
    roles: ['ROLE_SUPERUSER'],
    menu: { section: 'admin' },
    locales: ['reports'],
    page: () => import('#src/features/reports/custom/edit-reports-page.tsx'),
  },
  {
    path: '/admin/edit-user',
    mainCall: 'GET /user/:login',
    titleKey: 'routes.editUser',
    breadcrumbs: ['routes.roles'],
    roles: ['ROLE_ADMIN'],
    menu: { section: 'admin' },
    locales: ['users'],
    page: () => import('#src/features/users/edit-user-page.tsx'),
  },
  {
    // Staff only (spec §1: the feedback page is hidden from client users; §6).
    path: '/internal-feedback',
    mainCall: 'GET /internal-feedback',
    titleKey: 'routes.internalFeedback',
    breadcrumbs: [],
    roles: ['ROLE_SUPERUSER'],
    staffOnly: true,
    menu: { section: 'feedback' },
    locales: ['support'],
    page: () => import('#src/features/support/feedback-page.tsx'),
  },
  {
    // The staff side of the client chat: not in the spec's route table.
    path: '/support/chat',
    mainCall: 'GET /support/chat/threads',
    titleKey: 'routes.supportChat',
    breadcrumbs: [],
    roles: ['ROLE_SUPERUSER'],
    staffOnly: true,
    menu: { section: 'feedback' },
    locales: ['support'],
    page: () => import('#src/features/support/chat-inbox-page.tsx'),
  },
  {
    // The audit log with diff and restore (administrators, spec §6)
    path: '/admin/audit',
    mainCall: 'GET /audit',
    titleKey: 'routes.audit',
    breadcrumbs: [],
    roles: ['ROLE_ADMIN'],
    menu: { section: 'admin' },
    locales: ['audit'],
    page: () => import('#src/features/audit/audit-page.tsx'),
  },
  {
    // the signed-in user's own profile: two-factor sign-in; any signed-in user
    path: '/profile',
    mainCall: 'GET /me/two-factor',
    titleKey: 'routes.profile',
    breadcrumbs: [],
    roles: [],
    overlay: false,
    locales: ['users'],
    page: () => import('#src/features/users/profile-page.tsx'),
  },
];

/**
 * Where "home" is for a user (spec §6): the statistics at /home with the aggregate-report role,
 * the bare greeting at / otherwise. Without an argument, for the signed-in user.
 */
export function homePath(
  roles: readonly string[] = useAuthStore.getState().me?.roles ?? [],
): string {
  return hasAccess(roles, ['ROLE_REPORT_AGG_VIEW']) ? '/home' : '/';
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

/** Whether a route stands for one fixed page (not a pattern like /reporting/:name). */
export function isFixedPath(path: string): boolean {
  return !path.includes(':');
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
