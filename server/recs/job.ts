import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RecsRevision } from '#contract/entities/recs.ts';
import { recsStrategies, sites } from '../platform/db/schema.ts';
import type { JobHandler } from '../platform/jobs/runner.ts';
import { queueMail } from '../platform/mail/outbox.ts';
import { MODEL_BY_NAME } from './models.ts';
import { createRecsRepository } from './strategies.ts';

/** The job kind of /models-builder/job/start and /recs/{site}/strategies/refresh/{hash}. */
export const RECS_BUILD_JOB = 'recs-build';

export interface RecsBuildPayload {
  jobName: 'RECS';
  /** Only these strategies (refresh/{hash}); all the site's built strategies otherwise. */
  hashes?: string[];
  emailList?: string[];
}

export interface RecsBuildResult {
  jobName: 'RECS';
  strategies: { hash: string; name: string; modelName: string; revision: RecsRevision }[];
}

/**
 * RECS: recomputes every event- and catalog-built strategy of the site (or the named ones) into
 * a new revision, each switched to atomically as it is built (shoppers are served the previous
 * revision until then), and mails the summary to `emailList`.
 */
export const recsBuildJob: JobHandler = async ({ job, db, signal, progress }) => {
  const payload = (job.payload ?? { jobName: 'RECS' }) as RecsBuildPayload;
  const repository = createRecsRepository(db);
  const rows = await db
    .select()
    .from(recsStrategies)
    .where(
      payload.hashes?.length
        ? and(eq(recsStrategies.siteId, job.siteId), inArray(recsStrategies.hash, payload.hashes))
        : eq(recsStrategies.siteId, job.siteId),
    )
    .orderBy(asc(recsStrategies.createdAt));
  const buildable = rows.filter((row) => {
    const source = MODEL_BY_NAME.get(row.model)?.source;
    return source === 'events' || source === 'catalog';
  });
  const result: RecsBuildResult = { jobName: 'RECS', strategies: [] };
  for (const [index, row] of buildable.entries()) {
    signal.throwIfAborted();
    const revision = await repository.build(job.siteId, row.hash, { activate: true });
    if (revision)
      result.strategies.push({ hash: row.hash, name: row.name, modelName: row.model, revision });
    await progress(Math.floor(((index + 1) / buildable.length) * 99));
  }
  if (payload.emailList?.length) {
    const [site] = await db
      .select({ name: sites.name })
      .from(sites)
      .where(eq(sites.id, job.siteId));
    const percent = (value: number | null) =>
      value === null ? '—' : `${(value * 100).toFixed(1)} %`;
    await queueMail(db, {
      siteId: job.siteId,
      kind: 'models-build',
      to: payload.emailList,
      subject: `RECS: ${result.strategies.length} strategies built for ${site?.name ?? job.siteId}`,
      body: [
        `The RECS job ${job.id} has finished.`,
        '',
        ...result.strategies.map(
          (s) =>
            `${s.name} (${s.modelName}, ${s.hash}): revision ${s.revision.revision}, ${s.revision.rows} rows, hit rate@10 ${percent(s.revision.quality.hitRateAt10)} (popularity ${percent(s.revision.quality.popularityHitRateAt10)}, previous ${percent(s.revision.quality.previousHitRateAt10)})`,
        ),
      ].join('\n'),
    });
  }
  return result;
};
