import type { QueryListKind } from '#contract/entities/query-lists.ts';
import { QUERY_LIST_ROLES } from '#contract/entities/query-list-roles.ts';
import { listRoles } from '#src/features/query-lists/lib/list-kind.ts';
import type { AppRoute, CallKey, TitleKey } from './route-types.ts';

const queryListPage = () => import('#src/features/query-lists/query-list-page.tsx');

/**
 * A query-list screen: the list's viewers and editors open it, its editors change it (one source:
 * contract/entities/query-list-roles.ts). The synonyms screen opens on the search synonyms, so
 * theirs decide; its autocomplete tab follows its own roles.
 */
const queryListRoute = (
  list: QueryListKind,
  path: string,
  titleKey: TitleKey,
  mainCall: CallKey,
  writeCall: CallKey,
): AppRoute => ({
  path,
  mainCall,
  titleKey,
  breadcrumbs: [],
  roles: listRoles(list),
  write: { call: writeCall, roles: QUERY_LIST_ROLES[list].edit },
  menu: { section: 'searchUx' },
  locales: ['queryLists'],
  page: queryListPage,
});

/** The query lists, in menu order: the service lists, then the search ones. */
export const QUERY_LIST_ROUTES: readonly AppRoute[] = [
  queryListRoute(
    'white-list',
    '/anyquery/service/white-list',
    'routes.queryWhiteList',
    'GET /aq/white-list',
    'POST /aq/white-list',
  ),
  queryListRoute(
    'black-list',
    '/anyquery/service/black-list',
    'routes.queryBlackList',
    'GET /aq/black-list',
    'POST /aq/black-list',
  ),
  queryListRoute(
    'brands',
    '/anyquery/service/brands',
    'routes.queryBrands',
    'GET /aq/brands',
    'POST /aq/brands',
  ),
  queryListRoute(
    'stemmer-exclusions',
    '/anyquery/service/stemmer-exclusions',
    'routes.queryStemmerExclusions',
    'GET /aq/stemmer/exclusions',
    'POST /aq/stemmer/exclusions',
  ),
  queryListRoute(
    'synonyms',
    '/anyquery/search/synonyms',
    'routes.querySynonyms',
    'GET /aq/synonyms',
    'POST /aq/synonyms',
  ),
  queryListRoute(
    'brand-exclusions',
    '/anyquery/search/brands-exclusions',
    'routes.queryBrandExclusions',
    'GET /aq/brand_exclude',
    'PUT /aq/brand_exclude',
  ),
  queryListRoute(
    'transliterations',
    '/anyquery/search/transliterations',
    'routes.queryTransliterations',
    'GET /transliterations',
    'POST /transliterations/save',
  ),
  queryListRoute(
    'query-exclusions',
    '/anyquery/search/query-exclusions',
    'routes.queryExclusions',
    'GET /autocomplete/queries/exclusions',
    'POST /autocomplete/queries/exclusions',
  ),
  queryListRoute(
    'autocomplete-black-list',
    '/anyquery/search/autocomplete-blacklist',
    'routes.queryAutocompleteBlackList',
    'GET /autocomplete/black-list',
    'POST /autocomplete/black-list',
  ),
];
