import type { QueryListKind } from '#contract/entities/query-lists.ts';
import type { Role } from '#contract/roles.ts';
import { QUERY_LIST_ROLES } from '#contract/entities/query-list-roles.ts';

/** The screen of each list (part 1 §2); the synonyms screen also holds the autocomplete synonyms. */
export const LIST_PATHS: Record<QueryListKind, string> = {
  'white-list': '/anyquery/service/white-list',
  'black-list': '/anyquery/service/black-list',
  brands: '/anyquery/service/brands',
  'stemmer-exclusions': '/anyquery/service/stemmer-exclusions',
  synonyms: '/anyquery/search/synonyms',
  'autocomplete-synonyms': '/anyquery/search/synonyms',
  'brand-exclusions': '/anyquery/search/brands-exclusions',
  transliterations: '/anyquery/search/transliterations',
  'query-exclusions': '/anyquery/search/query-exclusions',
  'autocomplete-black-list': '/anyquery/search/autocomplete-blacklist',
};

/** The list a screen shows first (the synonyms screen: search synonyms). */
export function listFromPath(pathname: string): QueryListKind {
  const found = (Object.entries(LIST_PATHS) as [QueryListKind, string][]).find(
    ([, path]) => path === pathname,
  );
  return found?.[0] ?? 'white-list';
}

/** Who may open a list's screen: its viewers and its editors. */
export function listRoles(list: QueryListKind): readonly Role[] {
  const { view, edit } = QUERY_LIST_ROLES[list];
  return [...view, ...edit];
}
