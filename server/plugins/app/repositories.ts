import fp from 'fastify-plugin';
import type { Database } from '../../platform/db/client.ts';
import { createArtifactRepository } from '../../publishing/artifacts-repository.ts';
import { createCatalogRepository } from '../../public-api/catalog-repository.ts';
import { createFeedRepository } from '../../feeds/repository.ts';
import { createJobRepository } from '../../platform/jobs/repository.ts';
import { createPageViewRepository } from '../../platform/audit/page-views.ts';
import { createSessionRepository } from '../../accounts/sessions.ts';
import { createTwoFactorPolicy } from '../../accounts/two-factor-policy.ts';
import {
  changedSite,
  createSiteCache,
  SITE_CHANGED_CHANNEL,
  type SiteCache,
} from '../../sites/cache.ts';
import { createSiteRepository } from '../../sites/repository.ts';
import { createUserRepository } from '../../accounts/users.ts';
import { createVerticalRepository } from '../../sites/verticals.ts';

export function createRepositories(
  database: Database,
  sessionLength: number,
  sessionCacheMs?: number,
  publicTimeoutMs?: number,
  siteCache?: SiteCache,
  twoFactorRoles: readonly string[] = [],
) {
  const { db } = database;
  return {
    users: createUserRepository(db),
    sites: createSiteRepository(db, siteCache),
    sessions: createSessionRepository(db, sessionLength, sessionCacheMs),
    twoFactorPolicy: createTwoFactorPolicy(db, {
      defaultRoles: twoFactorRoles,
      cacheMs: sessionCacheMs,
    }),
    verticals: createVerticalRepository(db),
    feeds: createFeedRepository(db),
    catalog: createCatalogRepository(database, { publicTimeoutMs }),
    jobs: createJobRepository(db),
    pageViews: createPageViewRepository(db),
    artifacts: createArtifactRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export const repositoriesPlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    // Site reads are cached per site, dropped on every change (site-cache.ts).
    const siteCache = createSiteCache({ ttlMs: app.env.SITE_CACHE_MS });
    if (app.env.SITE_CACHE_MS > 0) {
      const stop = await database.listen(SITE_CHANGED_CHANNEL, (payload) =>
        siteCache.invalidate(changedSite(payload)),
      );
      app.addHook('onClose', async () => stop());
    }
    app.decorate(
      'repos',
      createRepositories(
        database,
        app.env.SESSION_LENGTH,
        app.env.SESSION_CACHE_MS,
        app.env.PUBLIC_QUERY_TIMEOUT_MS,
        siteCache,
        app.env.TWO_FACTOR_ROLES,
      ),
    );
  },
  { name: 'repositories' },
);
