import type { RouteObject } from 'react-router-dom';
import { loadLocales, loadValidationMessages, type LocaleDomain } from '#src/lib/i18n.ts';
import { RouteGuard } from '#src/layout/route-guard.tsx';
import { APP_ROUTES, type AppRoute } from './routes.ts';

/** Script chunk load time-out (spec §9: 120000 ms; §8: beyond it, a chunk load error). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's chunk (or its strings) did not arrive in time: shown with a retry, not a spinner. */
export class ChunkTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`The screen did not load within ${ms / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/** `load` or, after `ms`, a `ChunkTimeoutError`; the timer never outlives the load. */
export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A lazy screen: its chunk, its key domains and the translated validation messages, all within
 * the time-out. The sign-in page passes `validation: false` (it checks its two fields itself and
 * loads no zod).
 */
export async function loadScreen<T>(
  chunk: () => Promise<T>,
  locales: readonly LocaleDomain[],
  ms = CHUNK_TIMEOUT_MS,
  { validation = true }: { validation?: boolean } = {},
): Promise<T> {
  const [module] = await withChunkTimeout(
    Promise.all([chunk(), loadLocales(locales), validation ? loadValidationMessages() : null]),
    ms,
  );
  return module;
}

/** One route of the table as a router entry: guarded, titled, loaded on first visit. */
export function screenRoute(route: AppRoute, ms = CHUNK_TIMEOUT_MS): RouteObject {
  return {
    path: route.path,
    handle: route,
    lazy: async () => {
      const { default: Page } = await loadScreen(route.page, route.locales, ms);
      return {
        element: (
          <RouteGuard route={route}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  };
}

/** The signed-in frame's children: every screen of the route table. */
export const dashboardChildren = (routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] =>
  routes.map((route) => screenRoute(route));
