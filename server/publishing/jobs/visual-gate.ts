import * as z from 'zod';
import { executeGate } from '../visual-gate/gate.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';

const payload = z.object({ runId: z.number().int().positive() });

/** visual-gate: renders and compares one run's views (server/publishing/visual-gate/gate.ts). */
export const visualGateJob: JobHandler = async ({ job, db, env, progress, signal }) => {
  const { runId } = payload.parse(job.payload);
  const run = await executeGate(db, env, runId, progress, signal);
  return { runId, state: run.state, reason: run.reason, durationMs: run.durationMs };
};
