/** Hierarchical keys: a mutation or an upload invalidates the site's level (STYLE.md 11). */
export const merchKeys = {
  all: (siteId: number) => ['merch', siteId] as const,
  boosts: (siteId: number, args: unknown) => ['merch', siteId, 'boosts', args] as const,
  redirects: (siteId: number, args: unknown) => ['merch', siteId, 'redirects', args] as const,
  recs: (siteId: number, args: unknown) => ['merch', siteId, 'recs', args] as const,
  recsContext: (siteId: number) => ['merch', siteId, 'recs-context'] as const,
  models: (siteId: number) => ['merch', siteId, 'models'] as const,
  preview: (siteId: number, args: unknown) => ['merch', siteId, 'preview', args] as const,
};
