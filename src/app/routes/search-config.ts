import type { ComponentType } from 'react';
import {
  API_CONFIG_MENU_ROLES,
  FACET_ROLES,
  SEARCH_JOB_CONFIG_ROLES,
  SEARCH_JOB_START_ROLES,
  SETTING_WRITE_ROLES,
  SORT_ROLES,
} from '#contract/call-roles.ts';
import type { SettingKey } from '#contract/entities/search-config.ts';
import type { Role } from '#contract/roles.ts';
import type * as SearchConfigPages from '#src/features/search-config/pages.tsx';
import type { AppRoute, CallKey, TitleKey } from './route-types.ts';

/** The search configuration screens, one module. */
const searchConfigPage = (name: keyof typeof SearchConfigPages) => () =>
  import('#src/features/search-config/pages.tsx').then((m) => ({
    default: m[name] as ComponentType,
  }));

/** A settings screen opens for autocomplete viewers and for whoever may change what it shows. */
const viewersAnd = (writers: readonly Role[]): readonly Role[] => [
  'ROLE_AUTOCOMPLETE_VIEW',
  ...writers,
];

const searchConfigRoute = (
  path: string,
  titleKey: TitleKey,
  page: keyof typeof SearchConfigPages,
  mainCall: CallKey,
  roles: readonly Role[],
  write?: AppRoute['write'],
  section: 'searchUx' | 'integration' = 'searchUx',
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

/** A screen of one setting: read with `GET /autocomplete/{key}`, saved with its POST. */
const settingRoute = (
  key: SettingKey,
  path: string,
  titleKey: TitleKey,
  page: keyof typeof SearchConfigPages,
  section?: 'searchUx' | 'integration',
): AppRoute =>
  searchConfigRoute(
    path,
    titleKey,
    page,
    `GET /autocomplete/${key}`,
    viewersAnd(SETTING_WRITE_ROLES[key]),
    { call: `POST /autocomplete/${key}`, roles: SETTING_WRITE_ROLES[key] },
    section,
  );

/** The search configuration screens of the search settings section, in menu order. */
export const SEARCH_CONFIG_ROUTES: readonly AppRoute[] = [
  settingRoute(
    'attributes',
    '/anyquery/search/search-attributes',
    'routes.searchAttributes',
    'SearchAttributesPage',
  ),
  settingRoute(
    'regionalAttributes',
    '/anyquery/search/regional-attributes',
    'routes.regionalAttributes',
    'RegionalAttributesPage',
  ),
  settingRoute(
    'responseAttributes',
    '/anyquery/search/response-attributes',
    'routes.responseAttributes',
    'ResponseAttributesPage',
  ),
  settingRoute(
    'skuAttributes',
    '/anyquery/search/sku-attributes',
    'routes.skuAttributes',
    'SkuAttributesPage',
  ),
  settingRoute('sku', '/anyquery/search/sku-config', 'routes.skuConfig', 'SkuConfigPage'),
  settingRoute(
    'groupRepresentativeAttributes',
    '/anyquery/search/grouping-config',
    'routes.groupingConfig',
    'GroupingConfigPage',
  ),
  searchConfigRoute(
    '/anyquery/search/job-config',
    'routes.jobConfig',
    'JobConfigPage',
    'GET /autocomplete/job',
    viewersAnd([...SEARCH_JOB_CONFIG_ROLES, ...SEARCH_JOB_START_ROLES]),
    { call: 'POST /autocomplete/job', roles: SEARCH_JOB_CONFIG_ROLES },
  ),
  searchConfigRoute(
    '/anyquery/service/facet-attributes',
    'routes.facetAttributes',
    'FacetAttributesPage',
    'GET /autocomplete/facets/suggested',
    FACET_ROLES,
  ),
  searchConfigRoute(
    '/anyquery/service/custom-sort',
    'routes.customSort',
    'CustomSortPage',
    'GET /custom/sort/:id/attributes',
    viewersAnd(SORT_ROLES),
    { call: 'PUT /custom/sort/:id/attributes', roles: SORT_ROLES },
  ),
];

/**
 * The search API parameters: a search setting, shown in the integration section to
 * administrators and the search API params role only (spec part 1 §6 "Menu visibility").
 */
export const API_CONFIG_ROUTE: AppRoute = {
  ...settingRoute(
    'api-params',
    '/site/api-config',
    'routes.apiConfig',
    'ApiConfigPage',
    'integration',
  ),
  roles: API_CONFIG_MENU_ROLES,
};
