import * as z from 'zod';
import { executeGate } from '../visual-gate/gate.ts';
import type { JobHandler } from './runner.ts';

const payload = z.object({ runId: z.number().int().positive() });

/** visual-gate: renders and compares one run's views (server/visual-gate/gate.ts). */
export const visualGateJob: JobHandler = async ({ job, db, env, progress }) => {
  const { runId } = payload.parse(job.payload);
  const run = await executeGate(db, env, runId, progress);
  return { runId, state: run.state, reason: run.reason, durationMs: run.durationMs };
};
