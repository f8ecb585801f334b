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

/**
 * For users whose menu has no 'reporting' section (custom-report view without report roles,
 * e.g. the layout designer): the section with just their tabs, when they have any.
 */
export function UserTabSection({ roles, title }: { roles: readonly string[]; title: string }) {
  const allowed = hasAccess(roles, myCustomReportsRoute.roles);
  const tabs = useQuery({ ...myTabsQueryOptions(), enabled: allowed });
  if (!allowed || !tabs.data?.some((tab) => tab.enabled)) return null;
  return (
    <section className="sidebar__section">
      <h2 className="sidebar__heading">{title}</h2>
      <ul>
        <UserTabLinks roles={roles} />
      </ul>
    </section>
  );
}
