/** Hierarchical keys: a restore invalidates every page of the log (STYLE.md 11). */
export const auditKeys = {
  all: ['audit'] as const,
  /** The log under one set of filters (the call's query). */
  list: (query: object) => [...auditKeys.all, query] as const,
  facets: ['audit-facets'] as const,
  /** Every site, for the site filter: a key of the sites area, refreshed by its mutations. */
  sites: ['sites', 'all'] as const,
};
