import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomReportTabCreate,
  CustomReportTabInput,
  ReportChartCreate,
} from '#contract/entities/custom-report.ts';
import type { ReportPlatform } from '#contract/entities/metric.ts';

type ChartId = string;
import {
  chartDataRoute,
  chartJwtRoute,
  createCustomReportTabRoute,
  createReportChartRoute,
  deleteCustomReportTabRoute,
  deleteReportChartRoute,
  listReportChartsRoute,
  updateReportChartRoute,
  enableCustomReportTabRoute,
  listCustomReportTabsRoute,
  myCustomReportsRoute,
  updateCustomReportTabRoute,
} from '#contract/routes/reports.ts';
import { listUsersRoute } from '#contract/routes/users.ts';
import { ApiError, createApiClient } from '#contract/client.ts';
import { CHART_TOKEN_INVALID } from '#contract/entities/custom-report.ts';
import { api } from '#src/lib/api.ts';
import type { Period } from '../lib/period.ts';
import { customReportKeys, reportKeys } from './keys.ts';

/** The report catalogue: the charts a tab may show (titles, metrics, platform, type). */
export const reportChartsQueryOptions = () =>
  queryOptions({
    queryKey: customReportKeys.charts,
    queryFn: ({ signal }) => api(listReportChartsRoute, { signal }, { overlay: false }),
    staleTime: 60_000,
  });

/** Catalogue writes: the catalogue and every tab list (a deleted chart leaves tabs). */
export function useSaveReportChart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { editing: string | null; body: ReportChartCreate }) => {
      const { id: _id, ...rest } = input.body;
      return input.editing === null
        ? api(createReportChartRoute, { body: input.body }, { quiet: true })
        : api(
            updateReportChartRoute,
            { params: { id: input.editing }, body: rest },
            { quiet: true },
          );
    },
    onSettled: () => client.invalidateQueries({ queryKey: customReportKeys.all }),
  });
}

export function useDeleteReportChart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteReportChartRoute, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: customReportKeys.all }),
  });
}

/** The signed-in user's tabs (sidebar entries and /reporting/:name). */
export const myTabsQueryOptions = () =>
  queryOptions({
    queryKey: customReportKeys.mine,
    queryFn: ({ signal }) => api(myCustomReportsRoute, { signal }, { overlay: false }),
    staleTime: 60_000,
  });

export const reportUsersQueryOptions = () =>
  queryOptions({
    queryKey: customReportKeys.users,
    queryFn: ({ signal }) => api(listUsersRoute, { signal }),
  });

export const userTabsQueryOptions = (login: string) =>
  queryOptions({
    queryKey: customReportKeys.adminList(login),
    queryFn: ({ signal }) => api(listCustomReportTabsRoute, { query: { login }, signal }),
  });

/** Renew chart tokens this long before the first of them expires. */
export const TOKEN_RENEW_MARGIN = 30_000;

const untilRenewal = (tokens: readonly { expiresAt: string }[] | undefined): number => {
  const expiries = (tokens ?? []).map((token) => Date.parse(token.expiresAt));
  return expiries.length
    ? Math.max(1_000, Math.min(...expiries) - Date.now() - TOKEN_RENEW_MARGIN)
    : 0;
};

/**
 * Chart tokens are short-lived: they count as stale, and are fetched again in the background,
 * 30 s before the first of them expires.
 */
export const chartTokensQueryOptions = (siteId: number, chartIds: readonly ChartId[]) =>
  queryOptions({
    queryKey: reportKeys.chartTokens(siteId, chartIds),
    queryFn: ({ signal }) =>
      api(chartJwtRoute, { query: { siteId, chartId: [...chartIds] }, signal }, { overlay: false }),
    staleTime: (query) => untilRenewal(query.state.data),
    refetchInterval: (query) => untilRenewal(query.state.data) || false,
    refetchIntervalInBackground: true,
  });

/**
 * Chart data is authorised by the chart token, not the session, so it bypasses `api()`: a 401 or
 * 403 here must not sign the user out or send them home; the chart shows the error itself.
 */
const tokenCall = createApiClient();

/** A chart-data failure caused by a stale or invalid token (fresh tokens fix it). */
export const isStaleChartToken = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.body as { code?: unknown } | null)?.code === CHART_TOKEN_INVALID;

const sameChartView = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.slice(0, -1).every((part, i) => part === b[i]);

export const chartDataQueryOptions = (
  siteId: number,
  chartId: ChartId,
  token: string,
  period: Period,
  platform: ReportPlatform,
) =>
  queryOptions({
    // The token is part of the key: renewed tokens read afresh instead of reusing a failure.
    queryKey: reportKeys.chart(siteId, chartId, platform, period, token),
    queryFn: ({ signal }) =>
      tokenCall(chartDataRoute, {
        query: { token, from: period.from, to: period.to, platform },
        signal,
      }),
    // While renewed tokens read again, the chart keeps the same period's data on screen.
    placeholderData: (previous, previousQuery) =>
      previousQuery &&
      sameChartView(
        previousQuery.queryKey,
        reportKeys.chart(siteId, chartId, platform, period, token),
      )
        ? previous
        : undefined,
    retry: false,
  });

/** Writes invalidate every custom-report list: the admin's and the user's own (sidebar). */
function useInvalidateTabs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: customReportKeys.all });
}

export function useCreateTabMutation() {
  const invalidate = useInvalidateTabs();
  return useMutation({
    mutationFn: (body: CustomReportTabCreate) => api(createCustomReportTabRoute, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateTabMutation() {
  const invalidate = useInvalidateTabs();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomReportTabInput }) =>
      api(updateCustomReportTabRoute, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteTabMutation() {
  const invalidate = useInvalidateTabs();
  return useMutation({
    mutationFn: (id: number) => api(deleteCustomReportTabRoute, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useEnableTabMutation() {
  const invalidate = useInvalidateTabs();
  return useMutation({
    mutationFn: ({ login, tabId, enabled }: { login: string; tabId: number; enabled: boolean }) =>
      api(
        enableCustomReportTabRoute,
        { params: { login, tabId }, query: { enabled: String(enabled) } },
        { successToast: false },
      ),
    onSuccess: invalidate,
  });
}
