import fp from 'fastify-plugin';
import type { Database } from '../../platform/db/client.ts';
import { configGenerateJob } from '../../publishing/jobs/config-generate.ts';
import { configPreviewJob } from '../../publishing/jobs/config-preview.ts';
import { visualGateJob } from '../../publishing/jobs/visual-gate.ts';
import { VISUAL_GATE_JOB } from '../../publishing/visual-gate/gate.ts';
import { feedUpdateJob } from '../../feeds/update-job.ts';
import {
  facetJob,
  FACET_JOB,
  indexJob,
  INDEX_JOB,
  suggestionJob,
  SUGGESTION_JOB,
} from '../../feeds/reindex-jobs.ts';
import {
  contentFeedJob,
  deltaFeedJob,
  facetsFeedJob,
  feedCheckJob,
} from '../../feeds/import-jobs.ts';
import { RECS_BUILD_JOB, recsBuildJob } from '../../recs/job.ts';
import { RANKING_BUILD_JOB, rankingBuildJob } from '../../recs/ltr.ts';
import { createJobRunner, type JobHandler, type JobRunner } from '../../platform/jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const JOB_HANDLERS: Record<string, JobHandler> = {
  'feed-update': feedUpdateJob,
  'config-preview': configPreviewJob,
  'config-generate': configGenerateJob,
  [INDEX_JOB]: indexJob,
  [FACET_JOB]: facetJob,
  [SUGGESTION_JOB]: suggestionJob,
  'delta-feed': deltaFeedJob,
  'facets-feed': facetsFeedJob,
  'content-feed': contentFeedJob,
  'feed-check': feedCheckJob,
  [RECS_BUILD_JOB]: recsBuildJob,
  [VISUAL_GATE_JOB]: visualGateJob,
  [RANKING_BUILD_JOB]: rankingBuildJob,
};

export interface JobsPluginOptions {
  database: Database;
  work?: boolean;
  pollingIntervalSeconds?: number;
  schedules?: boolean;
  cronIntervalSeconds?: number;
}

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, options) => {
    const runner = createJobRunner(options.database, {
      handlers: JOB_HANDLERS,
      logger: app.log,
      env: app.env,
      ...(options.work !== undefined && { work: options.work }),
      ...(options.schedules !== undefined && { schedules: options.schedules }),
      ...(options.pollingIntervalSeconds !== undefined && {
        pollingIntervalSeconds: options.pollingIntervalSeconds,
      }),
      ...(options.cronIntervalSeconds !== undefined && {
        cronIntervalSeconds: options.cronIntervalSeconds,
      }),
    });
    app.decorate('jobs', runner);
    app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs' },
);
