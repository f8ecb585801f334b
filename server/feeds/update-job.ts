import { importYml } from './intake/yml-import.ts';
import { feedLimits } from './intake/feed-settings.ts';
import { notifyOutcome } from './notify.ts';
import { importRegionalFeed } from './regional.ts';
import { openFeedOf, type FeedJobPayload } from './open.ts';
import { createOfferFilter, createParamFilter } from './rules.ts';
import { createFeedStore } from './store.ts';
import { FeedError } from './intake/feed-source.ts';
import type { JobHandler } from '../platform/jobs/runner.ts';

export { declaredEncoding } from './intake/yml-import.ts';

/**
 * The feed-update job: streams the site's full-catalog feed (YML or OZON, per the settings) from
 * its feed URL through the guarded fetch and the importer, with the feed rules, attributes and
 * parsing config applied; keeps the raw feed for download. The result lists the per-offer
 * problems; a held import (it would remove more than half of the catalog) waits for POST
 * /api/site/:id/feeds/confirm. A cancel aborts the download and the import (the staged rows go,
 * the live catalog stays). Failed, held and recovered imports are e-mailed to the monitoring list.
 */
export const feedUpdateJob: JobHandler = async ({ job, db, env, signal, progress }) => {
  const store = createFeedStore(db);
  const settings = await store.settings(job.siteId, 'YML');
  const payload = (job.payload ?? {}) as FeedJobPayload;
  try {
    const { source } = await openFeedOf(db, env, {
      siteId: job.siteId,
      feedType: settings.format,
      regionId: payload.regionId ?? 'global',
      signal,
    });
    const regionId = payload.regionId ?? 'global';
    if (regionId !== 'global') {
      const regional = await importRegionalFeed(db, {
        siteId: job.siteId,
        jobId: job.id,
        regionId,
        format: settings.format,
        source,
        limits: feedLimits(env),
        tagMap: await store.tagMap(job.siteId),
        signal,
        progress,
      });
      await notifyOutcome(db, {
        siteId: job.siteId,
        jobId: job.id,
        kind: job.kind,
        outcome: 'applied',
        detail: `Регион ${regionId}: обновлено предложений ${regional.rows}. / Region ${regionId}: ${regional.rows} offers updated.`,
      });
      return regional;
    }
    const summary = await importYml(db, {
      siteId: job.siteId,
      jobId: job.id,
      source,
      progress,
      signal,
      limits: feedLimits(env),
      format: settings.format,
      tagMap: await store.tagMap(job.siteId),
      acceptOffer: createOfferFilter(await store.rules(job.siteId)),
      keepParams: createParamFilter(await store.attributes(job.siteId)),
      staleHours: settings.staleProductDeletionHours,
    });
    await notifyOutcome(db, {
      siteId: job.siteId,
      jobId: job.id,
      kind: job.kind,
      outcome: summary.held ? 'held' : 'applied',
      detail: summary.held
        ? `Импорт удалил бы ${summary.removed} из ${summary.previous} товарных предложений (больше половины) и ждёт подтверждения. / The import would remove ${summary.removed} of ${summary.previous} offers and waits for a confirmation.`
        : `Загружено предложений: ${summary.offers}. / Offers loaded: ${summary.offers}.`,
    });
    return summary;
  } catch (error) {
    if (!(error instanceof FeedError && error.code === 'cancelled') && !signal.aborted)
      await notifyOutcome(db, {
        siteId: job.siteId,
        jobId: job.id,
        kind: job.kind,
        outcome: 'failed',
        detail: `Ошибка / Error: ${error instanceof Error ? error.message : String(error)}`,
      });
    throw error;
  }
};
