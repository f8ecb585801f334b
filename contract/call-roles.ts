/**
 * Who may make the console's calls, area by area, without zod: the call definitions of
 * `routes/` take their roles from here, and so does the console's route table, which loads with
 * the sign-in route and stays light (DESIGN.md budgets). The configs and the query lists keep
 * theirs beside their entities (`entities/config-roles.ts`, `entities/query-list-roles.ts`).
 */
import type { Role } from './roles.ts';
import type { SettingKey } from './entities/search-config.ts';

/** Reports (`routes/reports.ts`). */
export const REPORT_AGG_ROLES: readonly Role[] = ['ROLE_REPORT_AGG_VIEW'];
export const REPORT_DAILY_ROLES: readonly Role[] = ['ROLE_REPORT_DAILY_VIEW'];
export const CUSTOM_REPORT_VIEW_ROLES: readonly Role[] = ['ROLE_CUSTOM_REPORT_VIEW'];

/**
 * Support (`routes/support.ts`): the knowledge base is read with site view (spec §6); staff are
 * superusers and administrators (hasAccess lets ROLE_ADMIN through every list).
 */
export const KB_READ_ROLES: readonly Role[] = ['ROLE_SITE_VIEW'];
export const STAFF_ROLES: readonly Role[] = ['ROLE_SUPERUSER'];

/** The search rules' menu entry: merchandising view, exactly (spec part 1 §6 "Menu visibility"). */
export const MERCH_SEARCH_MENU_ROLES: readonly Role[] = ['ROLE_MERCHANDISING_VIEW'];
/** Merchandising (`routes/merchandising-*.ts`): search rules' viewers read, the boosting and redirect roles write (spec part 2 §6). */
export const MERCH_SEARCH_VIEW_ROLES: readonly Role[] = [
  'ROLE_MERCHANDISING_VIEW',
  'ROLE_MERCHANDISING_BOOSTING_CONFIG',
  'ROLE_MERCHANDISING_REDIRECT_CONFIG',
];
export const MERCH_BOOSTING_ROLES: readonly Role[] = ['ROLE_MERCHANDISING_BOOSTING_CONFIG'];
export const MERCH_REDIRECT_ROLES: readonly Role[] = ['ROLE_MERCHANDISING_REDIRECT_CONFIG'];
export const MERCH_RECS_ROLES: readonly Role[] = ['ROLE_RECS_MERCH_RULES_CONFIG'];
export const MERCH_MODELS_ROLES: readonly Role[] = ['ROLE_AUTOCOMPLETE_JOB_START'];

/** Recommendations and the model builder (`routes/recs.ts`). */
export const RECS_STRATEGY_VIEW_ROLES: readonly Role[] = [
  'ROLE_RECS_STRATEGIES_CONFIG',
  'ROLE_RECS_STRATEGIES_PREVIEW',
];
export const RECS_STRATEGY_EDIT_ROLES: readonly Role[] = ['ROLE_RECS_STRATEGIES_CONFIG'];
export const RECS_WIDGET_VIEW_ROLES: readonly Role[] = [
  'ROLE_RECS_WIDGETS_CONFIG',
  'ROLE_RECS_WIDGETS_PREVIEW',
];
export const RECS_WIDGET_EDIT_ROLES: readonly Role[] = ['ROLE_RECS_WIDGETS_CONFIG'];
/** Model training (/anyquery/search/model-training): ranking job start, or admin. */
export const MODELS_START_ROLES: readonly Role[] = [
  'ROLE_RANKING_JOB_START',
  'ROLE_AUTOCOMPLETE_JOB_START',
];
/** Ranking configuration: admin or autocomplete job start (spec §6 menu rule). */
export const RANKING_EDIT_ROLES: readonly Role[] = ['ROLE_AUTOCOMPLETE_JOB_START'];
/** The widget CTR report (`routes/recs.ts`): either report role. */
export const REPORT_WIDGET_ROLES: readonly Role[] = [...REPORT_AGG_ROLES, ...REPORT_DAILY_ROLES];

/**
 * Reviews and neurocards (`routes/reviews.ts`) and Dolyame (`routes/dolyame.ts`): spec §6 names no
 * role for them; site viewers read, site editors (ROLE_SITE_CONFIG) change.
 */
export const REVIEWS_READ_ROLES: readonly Role[] = ['ROLE_SITE_VIEW', 'ROLE_SITE_CONFIG'];
export const REVIEWS_WRITE_ROLES: readonly Role[] = ['ROLE_SITE_CONFIG'];
export const DOLYAME_READ_ROLES: readonly Role[] = ['ROLE_SITE_VIEW', 'ROLE_SITE_CONFIG'];
export const DOLYAME_WRITE_ROLES: readonly Role[] = ['ROLE_SITE_CONFIG'];

/** Sites (`routes/sites.ts`): reading one (its edit screen), changing one. */
export const SITE_VIEW_ROLES: readonly Role[] = ['ROLE_SITE_CONFIG', 'ROLE_SITE_VIEW'];
export const SITE_EDIT_ROLES: readonly Role[] = ['ROLE_SITE_CONFIG'];

/**
 * Users (`routes/users.ts`, spec part 1 §6 "Edit user roles needs admin"): the users and roles
 * screens; registering a user takes the register role.
 */
export const USER_ADMIN_ROLES: readonly Role[] = ['ROLE_ADMIN'];
export const REGISTER_USER_ROLES: readonly Role[] = ['ROLE_REGISTER_CONFIG'];

/**
 * Custom reporting and the report catalogue: "superuser or admin" (spec part 1 §6); hasAccess lets
 * ROLE_ADMIN through every list.
 */
export const CUSTOM_REPORTING_ROLES: readonly Role[] = ['ROLE_SUPERUSER'];

/**
 * Feeds (`routes/feeds-access.ts`, spec part 2 §7 "Feed and feed config", §6): reading the feed
 * pages takes any feed role or ROLE_CONFIG_VIEW; settings and URLs ROLE_CONFIG_FEED_CONFIG or
 * ROLE_CONFIG_FEED_LOADER_JOB_CONFIG; starting and cancelling loads
 * ROLE_CONFIG_FEED_LOADER_JOB_START; rules, attributes, parsing config ROLE_CONFIG_FEED_CONFIG;
 * imshop regions ROLE_CONFIG_REGIONS (or ROLE_CONFIG_FEED_CONFIG).
 */
export const FEED_VIEW_ROLES: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_START',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
export const FEED_SETTINGS_ROLES: readonly Role[] = [
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
export const FEED_START_ROLES: readonly Role[] = ['ROLE_CONFIG_FEED_LOADER_JOB_START'];
export const FEED_CONFIG_ROLES: readonly Role[] = ['ROLE_CONFIG_FEED_CONFIG'];
export const REGION_ROLES: readonly Role[] = ['ROLE_CONFIG_REGIONS', 'ROLE_CONFIG_FEED_CONFIG'];
/** Reading the imshop regions (the feed configurator): feed readers and the regions role. */
export const REGION_VIEW_ROLES: readonly Role[] = [...FEED_VIEW_ROLES, 'ROLE_CONFIG_REGIONS'];

/**
 * Search configuration (`routes/search-config.ts`): who reads and who writes each setting (spec
 * §6, part 1 §6). The searchable attributes and their weights rank the answers: the ranking
 * attributes role edits them too (part 1 §6 "Ranking: attributes"; the layout designer's).
 */
export const SETTING_VIEW_ROLES: readonly Role[] = [
  'ROLE_AUTOCOMPLETE_VIEW',
  'ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG',
  'ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG',
  'ROLE_RANKING_ATTRIBUTES_CONFIG',
];
export const SETTING_WRITE_ROLES: Record<SettingKey, readonly Role[]> = {
  attributes: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG', 'ROLE_RANKING_ATTRIBUTES_CONFIG'],
  regionalAttributes: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  responseAttributes: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  skuAttributes: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  lowercaseAttributes: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  groupRepresentativeAttributes: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  sku: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  skuRepresentativeConfig: ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'],
  'api-params': ['ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG'],
};
export const SEARCH_JOB_START_ROLES: readonly Role[] = ['ROLE_AUTOCOMPLETE_JOB_START'];
/** The autocomplete job's settings: the autocomplete role and the config area's (part 1 §6 "Config: … autocomplete job config"). */
export const SEARCH_JOB_CONFIG_ROLES: readonly Role[] = [
  'ROLE_AUTOCOMPLETE_JOB_CONFIG',
  'ROLE_CONFIG_AUTOCOMPLETE_JOB_CONFIG',
];
export const FACET_ROLES: readonly Role[] = ['ROLE_AUTOCOMPLETE_FACET_ATTRIBUTES_CONFIG'];
export const SORT_ROLES: readonly Role[] = ['ROLE_AUTOCOMPLETE_ATTRIBUTE_CONFIG'];

/** The API configuration's menu entry: admin or the search API params role, exactly (spec part 1 §6). */
export const API_CONFIG_MENU_ROLES: readonly Role[] = [
  'ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG',
];

/** The audit log (`routes/audit.ts`): administrators (spec part 1 §6). */
export const AUDIT_ROLES: readonly Role[] = ['ROLE_ADMIN'];
