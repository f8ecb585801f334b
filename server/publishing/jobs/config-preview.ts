import { publishPreview } from '../promote.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';

/** config-preview: builds the site's bundle from its integration copies into the preview slot. */
export const configPreviewJob: JobHandler = async ({ job, db, progress }) => {
  await progress(10);
  const published = await publishPreview(db, { siteId: job.siteId, login: job.createdBy });
  return {
    artifactId: published.artifactId,
    hash: published.hash,
    urls: published.urls,
    warnings: published.diagnostics,
  };
};
