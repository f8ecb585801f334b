import { isRouteErrorResponse, Link, Navigate, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { homePath } from '#src/app/routes.ts';

/** The routes' error element: branches on the typed error (STYLE.md 19). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 401) return <Navigate to="/login" replace />;
  if (error instanceof ApiError && error.status === 403)
    return <Navigate to={homePath()} replace />;
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main className="page page--centered" role="alert">
      <h1>{t(chunkFailed ? 'shell.error.chunkTitle' : 'shell.error.title')}</h1>
      <p>{error instanceof Error ? error.message : t('errors.generic')}</p>
      <p>
        <a href={window.location.pathname}>{t('shell.error.reload')}</a> ·{' '}
        <Link to={homePath()}>{t('shell.notFound.home')}</Link>
      </p>
    </main>
  );
}
