import * as z from 'zod';
import { configKind } from '#contract/entities/config.ts';
import { promote } from '../promote.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';

export const configGeneratePayload = z.object({
  kind: configKind,
  key: z.number().int().min(0),
  action: z.enum(['generate', 'deploy']),
  /** The integration version that was newest at launch: the one promoted, whatever is saved later. */
  sourceVersionId: z.number().int().positive(),
});
export type ConfigGeneratePayload = z.infer<typeof configGeneratePayload>;

/**
 * config-generate (generate and deploy share the kind, so one promotion runs at a time per
 * site): promotes the integration version named at launch and repoints production at the new bundle.
 */
export const configGenerateJob: JobHandler = async ({ job, db, progress }) => {
  const payload = configGeneratePayload.parse(job.payload);
  await progress(10);
  return promote(db, { siteId: job.siteId, login: job.createdBy, ...payload });
};
