import { ApiError, type ApiCall } from '#contract/client.ts';
import type { Job } from '#contract/entities/job.ts';
import {
  deployConfigRoute,
  generateStatusRoute,
  previewConfigRoute,
  previewStatusRoute,
} from '#contract/routes/configs.ts';

/** Spec §9: status polling interval. */
export const POLL_INTERVAL_MS = 1000;

export type JobOutcome =
  { ok: true; job: Job } | { ok: false; alreadyRunning: boolean; error?: unknown };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/**
 * Spec §4: start, then poll the status every 1000 ms until it answers 200 (job done). A 409 on
 * start means one is already running: a silent failure. Any failure while polling ends the wait.
 */
export async function runJob(
  start: () => Promise<Job>,
  status: () => Promise<Job>,
  signal?: AbortSignal,
): Promise<JobOutcome> {
  try {
    await start();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409)
      return { ok: false, alreadyRunning: true };
    return { ok: false, alreadyRunning: false, error };
  }
  try {
    for (;;) {
      await sleep(POLL_INTERVAL_MS, signal);
      const job = await status();
      if (job.state === 'done') return { ok: true, job };
      if (job.state === 'failed') return { ok: false, alreadyRunning: false, error: job.error };
    }
  } catch (error) {
    return { ok: false, alreadyRunning: false, error };
  }
}

export function previewComponents(call: ApiCall, siteId: number, signal?: AbortSignal) {
  return runJob(
    () => call(previewConfigRoute, { params: { kind: 'global-component' }, query: { siteId } }),
    () => call(previewStatusRoute, { query: { siteId }, signal }),
    signal,
  );
}

export function deployComponent(
  call: ApiCall,
  siteId: number,
  componentId: number,
  signal?: AbortSignal,
) {
  return runJob(
    () =>
      call(deployConfigRoute, {
        params: { kind: 'global-component' },
        query: { siteId, id: componentId },
      }),
    () => call(generateStatusRoute, { query: { siteId }, signal }),
    signal,
  );
}
