import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomReportTabCreate,
  CustomReportTabInput,
} from '#contract/entities/custom-report.ts';
import type { ChartId, ReportPlatform } from '#contract/entities/metric.ts';
import {
  chartDataRoute,
  chartJwtRoute,
  createCustomReportTabRoute,
  deleteCustomReportTabRoute,
  enableCustomReportTabRoute,
  listCustomReportTabsRoute,
  myCustomReportsRoute,
  updateCustomReportTabRoute,
} from '#contract/routes/reports.ts';
import { listUsersRoute } from '#contract/routes/users.ts';
import { api } from '#src/lib/api.ts';
import type { Period } from '../lib/period.ts';
import { customReportKeys, reportKeys } from './keys.ts';

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

/** Chart tokens are short-lived: the cached ones count as stale 10 s before the first expires. */
export const chartTokensQueryOptions = (siteId: number, chartIds: readonly ChartId[]) =>
  queryOptions({
    queryKey: reportKeys.chartTokens(siteId, chartIds),
    queryFn: ({ signal }) =>
      api(chartJwtRoute, { query: { siteId, chartId: [...chartIds] }, signal }),
    staleTime: (query) => {
      const expiries = (query.state.data ?? []).map((token) => Date.parse(token.expiresAt));
      return expiries.length ? Math.max(0, Math.min(...expiries) - Date.now() - 10_000) : 0;
    },
  });

export const chartDataQueryOptions = (
  siteId: number,
  chartId: ChartId,
  token: string,
  period: Period,
  platform: ReportPlatform,
) =>
  queryOptions({
    queryKey: reportKeys.chart(siteId, chartId, platform, period),
    queryFn: ({ signal }) =>
      api(chartDataRoute, { query: { token, from: period.from, to: period.to, platform }, signal }),
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
