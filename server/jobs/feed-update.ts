import { eq } from 'drizzle-orm';
import { importYml, openFeed } from '../catalog/yml-import.ts';
import { feedLimits } from '../catalog/feed-settings.ts';
import { sites } from '../db/schema.ts';
import { fetchPolicy } from '../net/guarded-fetch.ts';
import type { JobHandler } from './runner.ts';

export { declaredEncoding } from '../catalog/yml-import.ts';

/**
 * The feed-update job: streams the site's YML feed through the guarded fetch and the importer.
 * The result lists the per-offer problems; a held import (it would remove more than half of the
 * catalog) waits for POST /api/site/:id/feeds/confirm. A cancel aborts the download and the
 * import (the staged rows go, the live catalog stays).
 */
export const feedUpdateJob: JobHandler = async ({ job, db, env, signal, progress }) => {
  const [site] = await db.select().from(sites).where(eq(sites.id, job.siteId));
  if (!site) throw new Error('The site no longer exists');
  if (!site.feedUrl) throw new Error('The site has no feed URL: set it on the site page');
  const source = await openFeed(site.feedUrl, {
    policy: fetchPolicy(env),
    maxBytes: env.FEED_MAX_BYTES,
    signal,
  });
  return importYml(db, {
    siteId: site.id,
    jobId: job.id,
    source,
    progress,
    signal,
    limits: feedLimits(env),
  });
};
