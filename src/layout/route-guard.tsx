import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import type { AppRoute } from '#src/app/routes.ts';
import { homePath } from '#src/app/routes.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/** Lets the user in when they hold a role of the route; sets the page title (`Vitrina · Section`). */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles);
  const allowed = roles !== undefined && hasAccess(roles, route.roles);
  const title = t(route.titleKey);
  useEffect(() => {
    document.title = `Vitrina · ${title}`;
  }, [title]);
  if (!allowed) return <Navigate to={homePath()} replace />;
  return children;
}
