import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '#contract/client.ts';
import type { Job } from '#contract/entities/job.ts';
import { siteJobRoute } from '#contract/routes/sites.ts';
import { listSchedulesRoute, recentJobsRoute } from '#contract/routes/schedules.ts';
import { api } from './api.ts';

/** Status polling interval (spec part 2 §9: 1000 ms). */
export const JOB_POLL_MS = 1000;

export const jobKeys = {
  all: (siteId: number) => ['jobs', siteId] as const,
  job: (siteId: number, jobId: string) => ['jobs', siteId, 'job', jobId] as const,
  recent: (siteId: number, kind: string | undefined) =>
    ['jobs', siteId, 'recent', kind ?? '*'] as const,
  recentPage: (siteId: number, kind: string | undefined, limit: number) =>
    [...jobKeys.recent(siteId, kind), limit] as const,
  schedules: (siteId: number) => ['jobs', siteId, 'schedules'] as const,
};

export const isActive = (job: Pick<Job, 'state'> | undefined | null) =>
  job?.state === 'queued' || job?.state === 'running';

/**
 * One job, polled every second while it is queued or running. The status call answers 500 for a
 * failed job and 410 for a cancelled one with the job in `details`: both are a job, not an error.
 */
export const jobQueryOptions = (siteId: number, jobId: string) =>
  queryOptions({
    queryKey: jobKeys.job(siteId, jobId),
    queryFn: async ({ signal }): Promise<Job> => {
      try {
        return await api(
          siteJobRoute,
          { params: { id: siteId, jobId }, signal },
          { overlay: false, quiet: true },
        );
      } catch (error) {
        const details = (error as ApiError).body as { details?: Job } | null;
        if (error instanceof ApiError && details?.details?.id === jobId) return details.details;
        throw error;
      }
    },
    refetchInterval: (query) =>
      isActive(query.state.data) || !query.state.data ? JOB_POLL_MS : false,
  });

/** The site's latest jobs of a kind, polled while one of them runs. */
export const recentJobsQueryOptions = (siteId: number, kind?: string, limit = 5) =>
  queryOptions({
    queryKey: jobKeys.recentPage(siteId, kind, limit),
    queryFn: ({ signal }) =>
      api(
        recentJobsRoute,
        { query: { siteId, ...(kind && { kind }), limit }, signal },
        { overlay: false },
      ),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? JOB_POLL_MS : false),
  });

export const schedulesQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: jobKeys.schedules(siteId),
    queryFn: ({ signal }) => api(listSchedulesRoute, { query: { siteId }, signal }),
  });
