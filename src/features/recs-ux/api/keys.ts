/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const recsUxKeys = {
  all: (siteId: number) => ['recs-ux', siteId] as const,
  list: (siteId: number, test: boolean) => ['recs-ux', siteId, 'list', test] as const,
  versions: (siteId: number, configId: number, test: boolean) =>
    ['recs-ux', siteId, 'versions', configId, test] as const,
};
