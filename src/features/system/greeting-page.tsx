import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { homePath, isFixedPath, registeredScreens } from '#src/lib/screens.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/** The bare greeting at `/` (spec §2), with the screens this user may open. */
export default function GreetingPage() {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.me)!;
  const screens = registeredScreens().filter(
    (route) => route.path !== '/' && isFixedPath(route.path) && hasAccess(me.roles, route.roles),
  );
  // The root redirects to home: the statistics for those who may read them (spec §2, §6).
  if (homePath(me.roles) !== '/') return <Navigate to={homePath(me.roles)} replace />;
  return (
    <div className="page">
      <h1>{t('shell.greeting.title', { name: me.name || me.login })}</h1>
      <p className="page__lead">{t('shell.greeting.lead')}</p>
      {screens.length > 0 && (
        <ul className="greeting__links">
          {screens.map((route) => (
            <li key={route.path}>
              <Link to={route.path}>{t(route.titleKey)}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
