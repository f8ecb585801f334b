import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { hasAccess } from '#contract/roles.ts';
import { myCustomReportsRoute } from '#contract/routes/reports.ts';
import { myTabsQueryOptions } from '../api/custom-report-queries.ts';

/** The sidebar's entries for the user's enabled custom report tabs (spec §2 "Sidebar"). */
export function UserTabLinks({ roles }: { roles: readonly string[] }) {
  const allowed = hasAccess(roles, myCustomReportsRoute.roles);
  const tabs = useQuery({ ...myTabsQueryOptions(), enabled: allowed });
  if (!allowed) return null;
  return (tabs.data ?? [])
    .filter((tab) => tab.enabled)
    .map((tab) => (
      <li key={tab.id}>
        <NavLink to={`/reporting/${tab.pathName}`} end className="sidebar__link">
          {tab.title}
        </NavLink>
      </li>
    ));
}
