import { QUERY_LISTS, type QueryListKind } from '#contract/entities/query-lists.ts';
import { QUERY_LIST_ROUTES, searchTransliterationsRoute } from '#contract/routes/query-lists.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { queryListKeys } from './keys.ts';

const QUIET = { overlay: false } as const;

/** One list of one site. */
export interface ListScope {
  list: QueryListKind;
  siteId: number;
}

function family(kind: QueryListKind) {
  const routes = QUERY_LIST_ROUTES[kind];
  return defineResource({
    keys: {
      all: ({ list, siteId }: ListScope) => queryListKeys.list(list, siteId),
      list: ({ list, siteId }: ListScope, search: string) =>
        queryListKeys.search(list, siteId, search),
    },
    list: {
      route: routes.list,
      call: ({ siteId }: ListScope, search: string, signal: AbortSignal) =>
        kind === 'transliterations' && search
          ? api(searchTransliterationsRoute, { query: { siteId, query: search }, signal }, QUIET)
          : api(routes.list, { query: { siteId, ...(search && { search }) }, signal }, QUIET),
    },
    remove: {
      route: routes.remove,
      call: ({ siteId }: ListScope, ids: readonly number[]) =>
        api(routes.remove, { query: { siteId }, body: { ids: [...ids] } }),
    },
  });
}

/**
 * Each query list as a resource: read with the search text on the server (transliterations
 * through GET /transliterations/search, the other lists through their list call's `search`),
 * never by filtering the rows already loaded; deleted by lists of ids (one entry or several);
 * who may delete from the list's own routes.
 */
export const queryLists = Object.fromEntries(
  QUERY_LISTS.map((kind) => [kind, family(kind)]),
) as Record<QueryListKind, ReturnType<typeof family>>;

/** Enables or disables entries on the site (one or several). */
export const enableEntries = (
  { list, siteId }: ListScope,
  input: { ids: number[]; enabled: boolean },
  successToast: boolean,
) => api(QUERY_LIST_ROUTES[list].enable, { query: { siteId }, body: input }, { successToast });
