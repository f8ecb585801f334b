import { siteKey } from '#src/lib/site-query.ts';

/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const siteKeys = {
  all: ['sites'] as const,
  list: (search: string) => ['sites', 'list', search] as const,
  detail: siteKey,
  feeds: (siteId: number) => ['sites', siteId, 'feeds'] as const,
  verticals: ['verticals'] as const,
};
