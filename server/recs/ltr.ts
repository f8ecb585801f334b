import type { JobHandler } from '../jobs/runner.ts';

/** The job kind of /models-builder/job/start?jobName=XGBVECTORS. */
export const XGBVECTORS_JOB = 'models-xgbvectors';

export const xgbVectorsJob: JobHandler = async () => {
  throw new Error('XGBVECTORS is not built yet');
};
