import type { QueryListKind } from '#contract/entities/query-lists.ts';

/** Hierarchical keys: an edit or an upload invalidates one list of a site (STYLE.md 11). */
export const queryListKeys = {
  all: ['query-lists'] as const,
  list: (list: QueryListKind, siteId: number) => ['query-lists', list, siteId] as const,
  /** The list as the server found it for a search text ('' for all). */
  search: (list: QueryListKind, siteId: number, search: string) =>
    ['query-lists', list, siteId, search] as const,
};
