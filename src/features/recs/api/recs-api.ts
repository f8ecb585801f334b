import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { RankingCoefficients, RecsStrategyInput } from '#contract/entities/recs.ts';
import {
  availableConfigsRoute,
  createStrategyRoute,
  listWidgetsRoute,
  recsFileRoute,
  refreshRegionalRoute,
  strategyConfigsRoute,
  widgetsPlacementsRoute,
  getCoefficientsRoute,
  previewWidgetRoute,
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
import { buildQuery, toApiError } from '#contract/client.ts';
import { publicSearch } from '#contract/public/routes.ts';
import { api, reportError } from '#src/lib/api.ts';
import { downloadText } from '#src/lib/download.ts';
import { isActive, JOB_POLL_MS } from '#src/lib/job-queries.ts';
export { strategiesQuery } from '#src/lib/recs-strategies-query.ts';
import { recsKeys } from './keys.ts';

type PublicSearchAnswer = z.infer<typeof publicSearch.answer>;

const at = (siteId: number) => ({ params: { site: siteId }, query: { siteId } });

const hashed = (siteId: number, hash: string) => ({
  params: { site: siteId, hash },
  query: { siteId },
});

/** A strategy's configs as stored (value null: the model's default). */
export const strategyConfigsQuery = (siteId: number, hash: string) =>
  queryOptions({
    queryKey: recsKeys.configs(siteId, hash),
    queryFn: ({ signal }) =>
      api(strategyConfigsRoute, { ...hashed(siteId, hash), signal }, { overlay: false }),
  });

/** The entries a strategy's model accepts, with their types and defaults. */
export const availableConfigsQuery = (siteId: number, hash: string) =>
  queryOptions({
    queryKey: recsKeys.availableConfigs(siteId, hash),
    queryFn: ({ signal }) =>
      api(availableConfigsRoute, { ...hashed(siteId, hash), signal }, { overlay: false }),
  });

/** The site's widgets (who shows which strategy). */
export const widgetsQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.widgets(siteId),
    queryFn: ({ signal }) => api(listWidgetsRoute, { ...at(siteId), signal }, { overlay: false }),
  });

/** The placements a widget may pick: the blocks' and the widgets' own. */
export const placementsQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.placements(siteId),
    queryFn: ({ signal }) =>
      api(widgetsPlacementsRoute, { ...at(siteId), signal }, { overlay: false }),
  });

/**
 * A strategy's current table as CSV (productId, recommendedId, score), saved by the browser
 * under the server's file name. The answer is a file, not JSON, so it is read here; a refusal
 * shows the error toast as any call's.
 */
export async function downloadRecsFile(siteId: number, hash: string): Promise<void> {
  const url = `/api${recsFileRoute.path}${buildQuery({ siteId, hash })}`;
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw await toApiError(response);
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
    downloadText(name?.[1] ?? `recs-${hash}.csv`, await response.text());
  } catch (error) {
    reportError(error);
  }
}

export const modelsQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsKeys.models(siteId),
    queryFn: ({ signal }) =>
      api(recsModelsRoute, { query: { siteId }, signal }, { overlay: false }),
  });

/**
 * The latest job of a name (RECS, XGBVECTORS; null before the first), polled as every job screen
 * polls its job (spec §9) while it is queued or running.
 */
const latestModelJobQuery = (
  siteId: number,
  jobName: 'RECS' | 'XGBVECTORS',
  queryKey: readonly ['recs', number, string],
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api(modelJobStatusRoute, { query: { siteId, jobName }, signal }, { overlay: false }),
    refetchInterval: (query) => (isActive(query.state.data) ? JOB_POLL_MS : false),
  });

/** The latest RECS job. */
export const recsJobQuery = (siteId: number) =>
  latestModelJobQuery(siteId, 'RECS', recsKeys.job(siteId));

/** The latest XGBVECTORS job. */
export const xgbJobQuery = (siteId: number) =>
  latestModelJobQuery(siteId, 'XGBVECTORS', recsKeys.xgbJob(siteId));

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

/**
 * The first products shoppers get for a query now: the storefront's own search (`/public`,
 * found by the site's apiKey), which the console's `/api` client does not reach; read with the
 * contract's entry and its error shape. `version` reads again after a save.
 */
export const rankingPreviewQuery = (apiKey: string, query: string, version: number) =>
  queryOptions({
    queryKey: recsKeys.rankingPreview(apiKey, query, version),
    queryFn: async ({ signal }): Promise<PublicSearchAnswer> => {
      const params = { apiKey, st: query, size: 10, withFacets: false };
      const response = await fetch(`${publicSearch.path}${buildQuery(params)}`, { signal });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()) as PublicSearchAnswer;
    },
    enabled: query.trim() !== '',
    // The list shown stays until the answer for the text typed since comes.
    placeholderData: keepPreviousData,
  });

/** A widget as drafted, tried on the site's products and pages (`tried`: its strategy and pages). */
export const widgetPreviewQuery = (
  siteId: number,
  tried: { strategyHash: string; placements: string } | null,
) =>
  queryOptions({
    queryKey: recsKeys.widgetPreview(siteId, tried),
    queryFn: ({ signal }) =>
      api(
        previewWidgetRoute,
        { params: { site: siteId }, query: { siteId, ...tried! }, signal },
        { overlay: false },
      ),
    enabled: siteId > 0 && tried !== null,
    staleTime: 10_000,
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
        // GETs that act (spec paths): their failures are shown as a write's, not swallowed.
        api(
          switchStrategyRoute,
          {
            params: { site: siteId, hash },
            query: { siteId, enabled: enabled ? 'true' : 'false' },
          },
          { quiet: false },
        ),
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
      mutationFn: (hash: string) => api(refreshStrategyRoute, hashed(hash), { quiet: false }),
      onSettled: refresh,
    }),
    /** Rebuilds every strategy against the current regional availability (a RECS job). */
    refreshRegional: useMutation({
      // A GET that starts a job: it says so as a write does.
      mutationFn: () =>
        api(refreshRegionalRoute, { query: { siteId } }, { successToast: true, quiet: false }),
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
