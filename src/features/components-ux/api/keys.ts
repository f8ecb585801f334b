/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const componentsUxKeys = {
  all: (siteId: number) => ['components-ux', siteId] as const,
  list: (siteId: number, test: boolean) => ['components-ux', siteId, 'list', test] as const,
  versions: (siteId: number, componentId: number, test: boolean) =>
    ['components-ux', siteId, 'versions', componentId, test] as const,
};
