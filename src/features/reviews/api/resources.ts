import { listNeurocardsRoute, listReviewsRoute } from '#contract/routes/reviews.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { reviewKeys } from './keys.ts';

/**
 * The lists under the review screens, a search term their argument: the first 50 products'
 * reviews and the neurocards. They change through uploads and deletes by ids, not per row.
 */
export const reviewsList = defineResource({
  keys: {
    all: reviewKeys.all,
    list: (siteId: number, term: string) => reviewKeys.list(siteId, 'reviews', term),
  },
  list: {
    route: listReviewsRoute,
    call: (siteId: number, search: string, signal: AbortSignal) =>
      api(listReviewsRoute, {
        query: { siteId, limit: 50, offset: 0, ...(search ? { search } : {}) },
        signal,
      }),
  },
});

export const neurocardsList = defineResource({
  keys: {
    all: reviewKeys.all,
    list: (siteId: number, term: string) => reviewKeys.list(siteId, 'neurocards', term),
  },
  list: {
    route: listNeurocardsRoute,
    call: (siteId: number, search: string, signal: AbortSignal) =>
      api(listNeurocardsRoute, {
        query: { siteId, limit: 50, ...(search ? { search } : {}) },
        signal,
      }),
  },
});
