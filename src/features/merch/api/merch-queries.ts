import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  boostProductsRoute,
  deleteCustomModelProductRoute,
  deleteCustomModelQueryRoute,
  excludeProductsRoute,
  recsPreviewRoute,
  recsRulesContextRoute,
  searchPreviewRoute,
} from '#contract/routes/merchandising.ts';
import { api } from '#src/lib/api.ts';
import { merchKeys } from './keys.ts';

const QUIET_READ = { overlay: false } as const;

export const recsContextQuery = (siteId: number) =>
  queryOptions({
    queryKey: merchKeys.recsContext(siteId),
    queryFn: ({ signal }) => api(recsRulesContextRoute, { query: { siteId }, signal }, QUIET_READ),
    staleTime: 60_000,
  });

export const searchPreviewQuery = (siteId: number, query: string) =>
  queryOptions({
    queryKey: merchKeys.preview(siteId, { query }),
    queryFn: ({ signal }) =>
      api(searchPreviewRoute, { query: { siteId, query, size: 20 }, signal }, QUIET_READ),
    enabled: query.trim() !== '',
  });

export const recsPreviewQuery = (
  siteId: number,
  args: {
    strategy: 'popular' | 'same_category' | 'similar_price';
    placement: string;
    productId: string;
  },
) =>
  queryOptions({
    queryKey: merchKeys.preview(siteId, args),
    queryFn: ({ signal }) =>
      api(
        recsPreviewRoute,
        {
          query: {
            siteId,
            strategy: args.strategy,
            ...(args.placement && { placement: args.placement }),
            ...(args.productId && { productId: args.productId }),
            size: 12,
          },
          signal,
        },
        QUIET_READ,
      ),
  });

function useInvalidate(siteId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: merchKeys.all(siteId) });
}

export function usePinProduct(siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: ({
      query,
      productId,
      hide,
    }: {
      query: string;
      productId: string;
      hide: boolean;
    }) =>
      hide
        ? api(excludeProductsRoute, { query: { siteId }, body: { query, productIds: [productId] } })
        : api(boostProductsRoute, {
            query: { siteId },
            body: { query, productIds: [productId], socket: 1 },
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteModelEntry(siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (what: { modelId: number; query: string; productId?: string }) =>
      what.productId
        ? api(deleteCustomModelProductRoute, {
            query: { siteId, modelId: what.modelId, productId: what.productId, query: what.query },
          })
        : api(deleteCustomModelQueryRoute, {
            query: { siteId, modelId: what.modelId, query: what.query },
          }),
    onSuccess: invalidate,
  });
}
