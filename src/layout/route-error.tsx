import { isRouteErrorResponse, Link, Navigate, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { ChunkTimeoutError } from '#src/app/route-objects.tsx';
import { homePath } from '#src/app/routes.ts';

/** A script chunk that did not arrive: timed out (spec §9, 120 s) or failed to fetch. */
export function isChunkError(error: unknown): boolean {
  return (
    error instanceof ChunkTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script|Unable to preload CSS/i.test(
        error.message,
      ))
  );
}

/** The routes' error element: branches on the typed error (STYLE.md 19). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 401) return <Navigate to="/login" replace />;
  // A 403 answer goes to /home (spec §8); /home sends a user without reports on to their first screen.
  if (error instanceof ApiError && error.status === 403) return <Navigate to="/home" replace />;
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  if (isChunkError(error)) {
    return (
      <main className="page page--centered" role="alert">
        <h1>{t('shell.error.chunkTitle')}</h1>
        <p>{t('shell.error.chunkText')}</p>
        <p>
          {/* A fresh document: a browser keeps a failed module import for the page's lifetime. */}
          <button
            type="button"
            className="ui-button ui-button--primary"
            onClick={() => window.location.reload()}
          >
            {t('shell.error.retry')}
          </button>
        </p>
      </main>
    );
  }
  return (
    <main className="page page--centered" role="alert">
      <h1>{t('shell.error.title')}</h1>
      <p>{error instanceof Error ? error.message : t('errors.generic')}</p>
      <p>
        <a href={window.location.pathname}>{t('shell.error.reload')}</a> ·{' '}
        <Link to={homePath()}>{t('shell.notFound.home')}</Link>
      </p>
    </main>
  );
}
