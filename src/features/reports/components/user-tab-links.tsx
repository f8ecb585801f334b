import { useQuery } from '@tanstack/react-query';
import { hasAccess } from '#contract/roles.ts';
import { myCustomReportsRoute } from '#contract/routes/reports.ts';
import { myTabsQueryOptions } from '../api/custom-report-queries.ts';

/**
 * The user's enabled custom report tabs, each a sidebar entry under reporting (spec §2
 * "Sidebar"); nothing is asked without custom report view.
 */
export function useUserTabs(roles: readonly string[]) {
  const allowed = hasAccess(roles, myCustomReportsRoute.roles);
  const tabs = useQuery({ ...myTabsQueryOptions(), enabled: allowed });
  return allowed ? (tabs.data ?? []).filter((tab) => tab.enabled) : [];
}
