import * as z from 'zod';
import { configKind } from '#contract/entities/config.ts';
import { promote } from '../promote.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';
import { finishJobWithin, lockJob, noteCancelled } from '../../platform/jobs/repository.ts';

export const configGeneratePayload = z.object({
  kind: configKind,
  key: z.number().int().min(0),
  action: z.enum(['generate', 'deploy']),
  /** The integration version that was newest at launch: the one promoted, whatever is saved later. */
  sourceVersionId: z.number().int().positive(),
});
export type ConfigGeneratePayload = z.infer<typeof configGeneratePayload>;

/** What a cancelled generate or deploy says after "Cancelled by …". */
export const CANCELLED_BEFORE_PRODUCTION =
  'stopped before production changed, nothing was promoted';

class PromotionCancelled extends Error {
  constructor(state: string) {
    super(`The job is ${state}: ${CANCELLED_BEFORE_PRODUCTION}`);
    this.name = 'PromotionCancelled';
  }
}

/**
 * config-generate (generate and deploy share the kind, so one promotion runs at a time per
 * site): promotes the integration version named at launch and repoints production at the new bundle.
 *
 * A cancel stops it up to the production transaction: the signal (a cancel in this process) is
 * checked before and after the build, and the transaction's first step locks the job's row and
 * goes on only while it is live (a cancel in another process, whose signal comes with the next
 * heartbeat). The same transaction ends the job as done, so a cancel that waited on the lock
 * finds it finished: a job is either cancelled with production untouched or done with it promoted.
 */
export const configGenerateJob: JobHandler = async ({ job, db, signal, progress }) => {
  const payload = configGeneratePayload.parse(job.payload);
  try {
    signal.throwIfAborted();
    await progress(10);
    return await promote(
      db,
      { siteId: job.siteId, login: job.createdBy, ...payload },
      {
        signal,
        guard: async (tx) => {
          const state = await lockJob(tx, job.id);
          if (state !== 'queued' && state !== 'running')
            throw new PromotionCancelled(state ?? 'gone');
        },
        done: (tx, result) => finishJobWithin(tx, job.id, result),
      },
    );
  } catch (error) {
    // Only a cancelled row takes the note (a stopping server's abort leaves it running, then failed).
    if (signal.aborted || error instanceof PromotionCancelled)
      await noteCancelled(db, job.id, CANCELLED_BEFORE_PRODUCTION);
    throw error;
  }
};
