import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RankingCoefficients, RecsStrategyInput } from '#contract/entities/recs.ts';
import {
  createStrategyRoute,
  getCoefficientsRoute,
  activateRankingModelRoute,
  modelJobStatusRoute,
  modelsInfoRoute,
  rankingModelsRoute,
  putCoefficientsRoute,
  recsModelsRoute,
  refreshStrategyRoute,
  saveStrategyConfigsRoute,
  startModelJobRoute,
  strategyRevisionRoute,
  switchStrategyRoute,
} from '#contract/routes/recs.ts';
import { api } from '#src/lib/api.ts';
export { strategiesQuery } from '#src/lib/recs-strategies-query.ts';
import { recsKeys } from './keys.ts';

const at = (siteId: number) => ({ params: { site: siteId }, query: { siteId } });

export const modelsQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.models(siteId),
    queryFn: ({ signal }) =>
      api(recsModelsRoute, { query: { siteId }, signal }, { overlay: false }),
  });

/** The latest RECS job, polled every second (spec §9) while it runs. */
export const recsJobQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.job(siteId),
    queryFn: ({ signal }) =>
      api(modelJobStatusRoute, { query: { siteId, jobName: 'RECS' }, signal }, { overlay: false }),
    refetchInterval: (query) =>
      query.state.data && ['queued', 'running'].includes(query.state.data.state) ? 1000 : false,
  });

/** The latest XGBVECTORS job, polled every second while it runs. */
export const xgbJobQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.xgbJob(siteId),
    queryFn: ({ signal }) =>
      api(
        modelJobStatusRoute,
        { query: { siteId, jobName: 'XGBVECTORS' }, signal },
        { overlay: false },
      ),
    refetchInterval: (query) =>
      query.state.data && ['queued', 'running'].includes(query.state.data.state) ? 1000 : false,
  });

export const rankingModelsQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.rankingModels(siteId),
    queryFn: ({ signal }) =>
      api(rankingModelsRoute, { query: { siteId }, signal }, { overlay: false }),
  });

export const modelsInfoQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.info(siteId),
    queryFn: ({ signal }) =>
      api(modelsInfoRoute, { query: { siteId }, signal }, { overlay: false }),
  });

export const coefficientsQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.coefficients(siteId),
    queryFn: ({ signal }) =>
      api(getCoefficientsRoute, { query: { siteId }, signal }, { overlay: false }),
  });

export function useRecsMutations(siteId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: recsKeys.all(siteId) });
  const hashed = (hash: string) => ({ params: { site: siteId, hash }, query: { siteId } });
  return {
    create: useMutation({
      mutationFn: (body: RecsStrategyInput) => api(createStrategyRoute, { ...at(siteId), body }),
      onSettled: refresh,
    }),
    toggle: useMutation({
      mutationFn: ({ hash, enabled }: { hash: string; enabled: boolean }) =>
        api(switchStrategyRoute, {
          params: { site: siteId, hash },
          query: { siteId, enabled: enabled ? 'true' : 'false' },
        }),
      onSettled: refresh,
    }),
    configs: useMutation({
      mutationFn: ({ hash, configs }: { hash: string; configs: Record<string, string> }) =>
        api(saveStrategyConfigsRoute, { ...hashed(hash), body: configs }, { quiet: true }),
      onSettled: refresh,
    }),
    revision: useMutation({
      mutationFn: ({ hash, revision }: { hash: string; revision: number }) =>
        api(strategyRevisionRoute, { ...hashed(hash), body: { revision } }),
      onSettled: refresh,
    }),
    refreshOne: useMutation({
      mutationFn: (hash: string) => api(refreshStrategyRoute, hashed(hash)),
      onSettled: refresh,
    }),
    startRecs: useMutation({
      mutationFn: (emailList: string[]) =>
        api(startModelJobRoute, { query: { siteId, jobName: 'RECS' }, body: { emailList } }),
      onSettled: refresh,
    }),
    startXgb: useMutation({
      mutationFn: (emailList: string[]) =>
        api(startModelJobRoute, {
          query: { siteId, jobName: 'XGBVECTORS' },
          body: { emailList },
        }),
      onSettled: refresh,
    }),
    activateModel: useMutation({
      mutationFn: (version: number) =>
        api(activateRankingModelRoute, { params: { version }, query: { siteId }, body: {} }),
      onSettled: refresh,
    }),
    coefficients: useMutation({
      mutationFn: (body: RankingCoefficients) =>
        api(putCoefficientsRoute, { query: { siteId }, body }, { quiet: true }),
      onSettled: refresh,
    }),
  };
}
