/**
 * The ROLE_* catalogue (spec part 1 §6, part 2 §6). Roles the spec names are kept verbatim;
 * permissions it lists without a name follow the same pattern: ROLE_<AREA>_<THING>_<VERB>.
 */
export const ROLE_CATALOGUE = {
  ROLE_ADMIN: 'Administrator: every permission, user and role management, site activation',
  ROLE_SUPERUSER: 'Superuser: every permission except the administrator-only ones',

  ROLE_AQ_VIEW: 'Search (AnyQuery) configuration: view',
  ROLE_AQ_SYNONYMS_CONFIG: 'Search: edit synonyms',
  ROLE_AQ_BRANDS_CONFIG: 'Search: edit brands',
  ROLE_AQ_WHITE_BLACK_LIST_CONFIG: 'Search: edit the white and black lists',
  ROLE_AQ_STEMMER_CONFIG: 'Search: edit stemmer exclusions',

  ROLE_AUTOCOMPLETE_VIEW: 'Autocomplete configuration: view',
  ROLE_AUTOCOMPLETE_SYNONYMS_CONFIG: 'Autocomplete: edit synonyms',
  ROLE_AUTOCOMPLETE_JOB_CONFIG: 'Autocomplete: edit job settings',
  ROLE_AUTOCOMPLETE_JOB_START: 'Autocomplete: start jobs (model training, custom models)',
  ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG: 'Autocomplete: edit attributes',
  ROLE_AUTOCOMPLETE_FACET_ATTRIBUTES_CONFIG:
    'Autocomplete: edit and apply suggested facet attributes',
  ROLE_AUTOCOMPLETE_QUERIES_CONFIG: 'Autocomplete: edit query lists',
  ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG: 'Autocomplete: edit search API parameters',

  ROLE_CATALOG_VIEW: 'Catalog: view',

  ROLE_MERCHANDISING_VIEW: 'Merchandising rules: view',
  ROLE_MERCHANDISING_BOOSTING_CONFIG: 'Merchandising: edit boosting rules',
  ROLE_MERCHANDISING_REDIRECT_CONFIG: 'Merchandising: edit redirect rules',

  ROLE_RANKING_VIEW: 'Ranking configuration: view',
  ROLE_RANKING_SYNONYMS_CONFIG: 'Ranking: edit synonyms',
  ROLE_RANKING_ATTRIBUTES_CONFIG: 'Ranking: edit attributes',
  ROLE_RANKING_JOB_CONFIG: 'Ranking: edit job settings',
  ROLE_RANKING_JOB_START: 'Ranking: start jobs',

  ROLE_RECS_STRATEGIES_CONFIG: 'Recommendations: edit strategies',
  ROLE_RECS_STRATEGIES_PREVIEW: 'Recommendations: preview strategies',
  ROLE_RECS_WIDGETS_CONFIG: 'Recommendations: edit widgets',
  ROLE_RECS_WIDGETS_PREVIEW: 'Recommendations: preview widgets',
  ROLE_RECS_MERCH_RULES_CONFIG: 'Recommendations: edit merchandising rules',
  ROLE_RECS_UX_PREVIEW: 'Recommendations UX: preview',
  ROLE_RECS_UX_SAVE_TO_PROD: 'Recommendations UX: save to production',
  ROLE_RECS_UX_GENERATE: 'Recommendations UX: generate and deploy',

  ROLE_REGISTER_CONFIG: 'Register users and sites, attach sites to users',

  ROLE_REPORT_AGG_VIEW: 'Reports: aggregate view (home statistics)',
  ROLE_REPORT_DAILY_VIEW: 'Reports: daily view',

  ROLE_CONFIG_VIEW: 'Integration configuration: view',
  ROLE_CONFIG_FEED_CONFIG: 'Integration: edit feed settings',
  ROLE_CONFIG_FEED_LOADER_JOB_START: 'Integration: start feed loads',
  ROLE_CONFIG_FEED_LOADER_JOB_CONFIG: 'Integration: edit feed loader jobs',
  ROLE_CONFIG_AUTOCOMPLETE_JOB_CONFIG: 'Integration: edit autocomplete jobs',
  ROLE_CONFIG_GLOBAL_CONFIG: 'Integration: edit the global configuration',
  ROLE_CONFIG_REGIONS: 'Integration: edit regions',
  ROLE_CONFIG_TRACKING_PREVIEW: 'Tracking: preview',
  ROLE_CONFIG_TRACKING_GENERATE: 'Tracking: generate',
  ROLE_CONFIG_TRACKING_SAVE_TO_PROD: 'Tracking: save to production',
  ROLE_CONFIG_AUTOCOMPLETE_PREVIEW: 'Autocomplete UX: preview',
  ROLE_CONFIG_AUTOCOMPLETE_GENERATE: 'Autocomplete UX: generate',
  ROLE_CONFIG_AUTOCOMPLETE_SAVE_TO_PROD: 'Autocomplete UX: save to production',
  ROLE_CONFIG_INSTANT_SEARCH_PREVIEW: 'Instant search UX: preview',
  ROLE_CONFIG_INSTANT_SEARCH_GENERATE: 'Instant search UX: generate',
  ROLE_CONFIG_INSTANT_SEARCH_SAVE_TO_PROD: 'Instant search UX: save to production',
  ROLE_CONFIG_SEARCH_PREVIEW: 'Search UX: preview',
  ROLE_CONFIG_SEARCH_GENERATE: 'Search UX: generate',
  ROLE_CONFIG_SEARCH_SAVE_TO_PROD: 'Search UX: save to production',
  ROLE_CONFIG_MVT_PREVIEW: 'Experiments (MVT): preview',
  ROLE_CONFIG_MVT_GENERATE: 'Experiments (MVT): generate',
  ROLE_CONFIG_MVT_SAVE_TO_PROD: 'Experiments (MVT): save to production',

  ROLE_SITE_VIEW: 'Sites: view',
  ROLE_SITE_CONFIG: 'Sites: edit',
  ROLE_SITE_FEED_CONFIG: 'Sites: edit feed sources',

  ROLE_USER_VIEW: 'Users: view',
  ROLE_USER_CONFIG: 'Users: edit',
  ROLE_VERTICAL_VIEW: 'Verticals: view',
  ROLE_VERTICAL_CONFIG: 'Verticals: create and edit',

  ROLE_CUSTOM_REPORT_VIEW: 'Custom report tabs: view',
  ROLE_CUSTOM_REPORT_ADMIN: 'Custom report tabs: administer',
} as const;

export type Role = keyof typeof ROLE_CATALOGUE;
export const ROLES = Object.keys(ROLE_CATALOGUE) as Role[];

export function isRole(value: string): value is Role {
  return Object.hasOwn(ROLE_CATALOGUE, value);
}

export function isStaff(roles: readonly string[]): boolean {
  return roles.includes('ROLE_ADMIN') || roles.includes('ROLE_SUPERUSER');
}

/**
 * Access rule shared by the server's guard and the console's menu:
 * an empty list means any signed-in user; ROLE_ADMIN passes every check;
 * ROLE_SUPERUSER passes every check that is not administrator-only
 * (a list holding just ROLE_ADMIN); otherwise any listed role grants access.
 */
export function hasAccess(userRoles: readonly string[], required: readonly Role[]): boolean {
  if (required.length === 0 || userRoles.includes('ROLE_ADMIN')) return true;
  const adminOnly = required.length === 1 && required[0] === 'ROLE_ADMIN';
  if (!adminOnly && userRoles.includes('ROLE_SUPERUSER')) return true;
  return required.some((role) => userRoles.includes(role));
}

/** The roles string of older clients may join several roles with a plus sign (spec §3 User). */
export function splitRoles(value: string | readonly string[]): string[] {
  const list = typeof value === 'string' ? [value] : value;
  return list
    .flatMap((item) => item.split('+'))
    .map((role) => role.trim())
    .filter(Boolean);
}
