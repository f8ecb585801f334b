/** Hierarchical keys: an upload or a delete invalidates the site's level (STYLE.md 11). */
export const reviewKeys = {
  all: (siteId: number) => ['reviews', siteId] as const,
  /** One page of reviews or neurocards for a search term. */
  list: (siteId: number, kind: 'reviews' | 'neurocards', term: string) =>
    [...reviewKeys.all(siteId), kind, term] as const,
};
