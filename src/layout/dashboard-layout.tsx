import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meRoute, pageViewRoute } from '#contract/routes/auth.ts';
import { isStaff } from '#contract/roles.ts';
import type { AppRoute } from '#src/app/routes.ts';
import { queryClient } from '#src/app/query-client.ts';
import { authKeys } from '#src/features/auth/api/keys.ts';
import { api, onForbidden } from '#src/lib/api.ts';
import { useDenied } from '#src/lib/permissions.ts';
import { useActivityStore } from '#src/stores/activity-store.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Overlay } from '#src/ui/overlay/overlay.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { Sidebar } from './sidebar.tsx';
import { SessionWatch } from './session-watch.tsx';
import { LocaleSwitch } from './locale-switch.tsx';

/** The client users' support chat (spec §1), in its own chunk: staff never load it. */
const ChatWidget = lazy(() => import('#src/features/support/chat-widget.tsx'));

function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  return matches.at(-1)?.handle as AppRoute | undefined;
}

/** On every navigation: cancel what the last screen was loading and record a page view (spec §2). */
function useNavigationEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The new screen has mounted: what is still loading without anyone watching belonged to the last one.
    void queryClient.cancelQueries({ predicate: (query) => query.getObserversCount() === 0 });
    if (!useAuthStore.getState().me) return;
    const siteId = useSiteStore.getState().siteId;
    api(
      pageViewRoute,
      { query: { page: pathname, ...(siteId ? { siteId } : {}) } },
      {
        overlay: false,
        quiet: true,
        successToast: false,
      },
    ).catch(() => undefined);
  }, [pathname]);
}

/** The signed-in frame with the query client every screen under it uses. */
export function DashboardLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

function Frame() {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.me);
  const signedIn = useAuthStore((state) => state.signedIn);
  const pending = useActivityStore((state) => state.pending);
  const route = useCurrentRoute();
  const denied = useDenied(route?.write?.roles ?? []);
  useNavigationEffects();

  // The stored user is only a hint: the server says who is signed in (401 → /login).
  const check = useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => api(meRoute, { signal }, { overlay: false }),
    enabled: me !== null,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (check.data) signedIn(check.data);
  }, [check.data, signedIn]);
  // A 403 may mean the roles changed on the server: read them again, so the menu and the guards follow.
  const { refetch } = check;
  useEffect(() => onForbidden(() => void refetch()), [refetch]);

  if (!me) return <Navigate to="/login" replace />;
  // a role requires two-factor sign-in and it is not set up: the profile is the only screen
  const mustEnrol = me.mustEnrolTwoFactor === true;
  if (mustEnrol && route?.path !== '/profile') return <Navigate to="/profile" replace />;
  return (
    <div className="shell">
      {!mustEnrol && <Sidebar />}
      <div className="shell__main">
        <header className="shell__header">
          <nav aria-label={t('shell.breadcrumbs')} className="breadcrumbs">
            {route && (
              <ol>
                {[...route.breadcrumbs, route.titleKey].map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ol>
            )}
          </nav>
          <LocaleSwitch />
        </header>
        <main className="shell__content" id="main">
          {denied && (
            // The screen's forms and buttons are greyed for this user: say so, and why, once.
            <ReadOnlyNotice className="shell__read-only">{denied.note}</ReadOnlyNotice>
          )}
          <Outlet />
        </main>
      </div>
      {pending > 0 && route?.overlay !== false && (
        <Overlay label={t('ui.spinner.loading')}>
          <Spinner size="lg" decorative />
        </Overlay>
      )}
      <SessionWatch />
      {/* Client users only; the signed-in frame never renders on /login (spec §2). */}
      {(me.isClient || !isStaff(me.roles)) && (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      )}
    </div>
  );
}
