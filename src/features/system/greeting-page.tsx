import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { APP_ROUTES } from '#src/app/routes.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/** The bare greeting at `/` (spec §2), with the screens this user may open. */
export default function GreetingPage() {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.me)!;
  const screens = APP_ROUTES.filter(
    (route) => route.path !== '/' && hasAccess(me.roles, route.roles),
  );
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
