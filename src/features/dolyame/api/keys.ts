/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const dolyameKeys = {
  all: (siteId: number) => ['dolyame', siteId] as const,
  app: (siteId: number) => ['dolyame', siteId, 'app'] as const,
  widget: (siteId: number) => ['dolyame', siteId, 'widget'] as const,
  attributes: (siteId: number) => ['dolyame', siteId, 'attributes'] as const,
  /** The live catalog's attributes the alternative attributes are picked from. */
  catalogAttributes: (siteId: number) => ['dolyame', siteId, 'catalog-attributes'] as const,
};
