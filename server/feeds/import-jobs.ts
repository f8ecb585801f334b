import {
  OPS_WARNINGS,
  type FeedCheckReport,
  type FeedType,
  type OpsWarning,
} from '#contract/entities/feeds.ts';
import { FeedError, type FeedSource } from './intake/feed-source.ts';
import { feedLimits } from './intake/feed-settings.ts';
import { CHECK_MAX_PROBLEMS, importYml } from './intake/yml-import.ts';
import { importContent } from './content.ts';
import { importDelta } from './delta.ts';
import { importFacets } from './facets.ts';
import { notifyOutcome } from './notify.ts';
import { openFeedOf, type FeedJobPayload } from './open.ts';
import { createOfferFilter, createParamFilter } from './rules.ts';
import { createFeedStore } from './store.ts';
import type { JobContext, JobHandler } from '../platform/jobs/runner.ts';

const isCancel = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof FeedError && error.code === 'cancelled');

/** Runs a feed job and e-mails the monitoring list when it fails or passes again after a failure. */
async function monitored<T extends { applied: boolean }>(
  context: JobContext,
  run: () => Promise<T>,
  describe: (result: T) => string,
): Promise<T> {
  const { job, db, signal } = context;
  try {
    const result = await run();
    await notifyOutcome(db, {
      siteId: job.siteId,
      jobId: job.id,
      kind: job.kind,
      outcome: 'applied',
      detail: describe(result),
    });
    return result;
  } catch (error) {
    if (!isCancel(error, signal))
      await notifyOutcome(db, {
        siteId: job.siteId,
        jobId: job.id,
        kind: job.kind,
        outcome: 'failed',
        detail: `Ошибка / Error: ${error instanceof Error ? error.message : String(error)}`,
      });
    throw error;
  }
}

/**
 * A feed job of one of the CSV/XML feeds read from the site's global URL of its type: opens the
 * URL (open.ts), runs the importer and e-mails the monitoring list on failure or recovery.
 */
function globalFeedJob<T extends { applied: boolean }>(
  feedType: 'DELTA' | 'FACETS' | 'CONTENT',
  importer: (context: JobContext, source: FeedSource) => Promise<T>,
  describe: (result: T) => string,
): JobHandler {
  return (context) =>
    monitored(
      context,
      async () => {
        const { job, db, env, signal } = context;
        const { source } = await openFeedOf(db, env, {
          siteId: job.siteId,
          feedType,
          regionId: 'global',
          signal,
        });
        return importer(context, source);
      },
      describe,
    );
}

/** The delta feed job: a partial update of the live catalog (server/feeds/delta.ts). */
export const deltaFeedJob = globalFeedJob(
  'DELTA',
  async ({ job, db, env, signal, progress }, source) => {
    const store = createFeedStore(db);
    return importDelta(db, {
      siteId: job.siteId,
      jobId: job.id,
      source,
      settings: await store.settings(job.siteId, 'DELTA'),
      maxRows: env.FEED_MAX_OFFERS,
      keepParams: createParamFilter(await store.attributes(job.siteId)),
      signal,
      progress,
    });
  },
  (result) => `Строк дельта-фида применено: ${result.rows}. / Delta rows applied: ${result.rows}.`,
);

/** The facets feed job (cancellable). */
export const facetsFeedJob = globalFeedJob(
  'FACETS',
  async ({ job, db, env, signal, progress }, source) =>
    importFacets(db, {
      siteId: job.siteId,
      jobId: job.id,
      source,
      settings: await createFeedStore(db).settings(job.siteId, 'FACETS'),
      maxRows: env.FEED_MAX_OFFERS,
      signal,
      progress,
    }),
  (result) => `Фасетов загружено: ${result.rows}. / Facets loaded: ${result.rows}.`,
);

/** The content feed job (cancellable). */
export const contentFeedJob = globalFeedJob(
  'CONTENT',
  ({ job, db, env, signal, progress }, source) =>
    importContent(db, {
      siteId: job.siteId,
      jobId: job.id,
      source,
      limits: feedLimits(env),
      signal,
      progress,
    }),
  (result) => `Страниц загружено: ${result.pages}. / Pages loaded: ${result.pages}.`,
);

/**
 * The feed checker (spec §2): a dry run of the importer on the feed's current URL — counts, every
 * problem with its line and reason, the ops warnings with their limits — that changes nothing
 * (no raw copy kept, the staged rows dropped, a delta applied in a rolled-back transaction).
 */
export const feedCheckJob: JobHandler = async ({ job, db, env, signal, progress }) => {
  const payload = (job.payload ?? {}) as FeedJobPayload;
  const store = createFeedStore(db);
  const yml = await store.settings(job.siteId, 'YML');
  const requested: FeedType = payload.feedType ?? 'YML';
  // A YML check of a site whose settings say OZON checks the OZON feed.
  const feedType: FeedType = requested === 'YML' || requested === 'OZON' ? yml.format : requested;
  const regionId = payload.regionId ?? 'global';
  const limits = feedLimits(env);
  const report: FeedCheckReport = {
    feedType,
    regionId,
    url: '',
    ok: false,
    fatal: null,
    offers: 0,
    products: 0,
    categories: 0,
    skipped: 0,
    changed: 0,
    removed: 0,
    previous: 0,
    wouldHold: false,
    problems: [],
    problemCount: 0,
    warnings: [],
    bytes: 0,
    encoding: 'utf-8',
  };
  const warn = (warning: OpsWarning) => report.warnings.push(warning);
  try {
    const { source, url } = await openFeedOf(db, env, {
      siteId: job.siteId,
      feedType,
      regionId,
      signal,
      keepRaw: false,
    });
    report.url = url;
    if (feedType === 'YML' || feedType === 'OZON') {
      const summary = await importYml(db, {
        siteId: job.siteId,
        jobId: null,
        source,
        progress,
        signal,
        limits,
        format: feedType,
        tagMap: await store.tagMap(job.siteId),
        acceptOffer: createOfferFilter(await store.rules(job.siteId)),
        keepParams: createParamFilter(await store.attributes(job.siteId)),
        staleHours: yml.staleProductDeletionHours,
        dryRun: true,
        maxProblems: CHECK_MAX_PROBLEMS,
      });
      Object.assign(report, {
        offers: summary.offers,
        products: summary.products,
        categories: summary.categories,
        skipped: summary.skipped,
        changed: summary.changed,
        removed: summary.removed,
        previous: summary.previous,
        wouldHold: summary.previous > 0 && summary.removed > summary.previous * 0.5,
        problems: summary.problems.map((p) => ({
          line: p.line,
          reason: p.message,
          code: p.code,
          params: p.params,
          id: p.offerId,
        })),
        problemCount: summary.problemCount,
        bytes: summary.bytes,
        encoding: summary.encoding,
      });
      const widest = summary.maxAttributeValues;
      if (widest && widest.values > env.FEED_MAX_ATTRIBUTE_VALUES)
        warn({
          message: OPS_WARNINGS[0],
          limit: env.FEED_MAX_ATTRIBUTE_VALUES,
          actual: widest.values,
          attribute: widest.attribute,
        });
    } else {
      const common = { siteId: job.siteId, jobId: null, source, signal, progress, dryRun: true };
      const summary =
        feedType === 'DELTA'
          ? await importDelta(db, {
              ...common,
              settings: await store.settings(job.siteId, 'DELTA'),
              maxRows: env.FEED_MAX_OFFERS,
            })
          : feedType === 'FACETS'
            ? await importFacets(db, {
                ...common,
                settings: await store.settings(job.siteId, 'FACETS'),
                maxRows: env.FEED_MAX_OFFERS,
              })
            : await importContent(db, { ...common, limits });
      Object.assign(report, {
        offers: summary.rows,
        skipped: summary.skipped,
        problems: summary.problems,
        problemCount: summary.problemCount,
        bytes: summary.bytes,
      });
    }
    report.ok = true;
  } catch (error) {
    if (isCancel(error, signal)) throw error;
    report.fatal = error instanceof Error ? error.message : String(error);
    if (error instanceof FeedError && error.code === 'too-many-offers')
      warn({
        message: OPS_WARNINGS[1],
        limit: env.FEED_MAX_OFFERS,
        actual: env.FEED_MAX_OFFERS + 1,
      });
  }
  return report;
};
