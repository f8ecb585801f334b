import { useMutation } from '@tanstack/react-query';
import { deleteNeurocardsRoute, deleteReviewsRoute } from '#contract/routes/reviews.ts';
import { api } from '#src/lib/api.ts';

/*
 * The deletes by ids. The screen reads its lists again itself once one is done, before it shows
 * what was deleted and what was missing (components/delete-by-ids.tsx): no invalidation here.
 */

export function useDeleteReviewsMutation() {
  return useMutation({
    mutationFn: ({ siteId, externalId }: { siteId: number; externalId: string[] }) =>
      api(deleteReviewsRoute, { query: { siteId, externalId } }),
  });
}

export function useDeleteNeurocardsMutation() {
  return useMutation({
    mutationFn: ({ siteId, keys }: { siteId: number; keys: string[] }) =>
      api(deleteNeurocardsRoute, { query: { siteId }, body: { keys } }),
  });
}
