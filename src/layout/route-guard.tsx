import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isStaff } from '#contract/roles.ts';
import type { AppRoute } from '#src/app/routes.ts';
import { firstScreen, mayOpen } from '#src/app/routes.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/** Where a user goes who may not open `route`: /home as after a 403 (spec §8), and from /home their first screen. */
export function deniedTarget(route: AppRoute, roles: readonly string[]): string {
  return route.path === '/home' ? firstScreen(roles) : '/home';
}

/** Lets the user in when they hold a role of the route; sets the page title (`Vitrina · Section`). */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.me);
  const roles = me?.roles;
  const client = !me || me.isClient || !isStaff(me.roles);
  const allowed = roles !== undefined && mayOpen(route, roles, client);
  const title = t(route.titleKey);
  useEffect(() => {
    document.title = `Vitrina · ${title}`;
  }, [title]);
  if (!allowed) return <Navigate to={deniedTarget(route, roles ?? [])} replace />;
  return children;
}
