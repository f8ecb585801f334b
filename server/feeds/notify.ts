import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { jobs, sites } from '../platform/db/schema.ts';
import { notifyFeedImport, type FeedImportOutcome } from './monitoring.ts';

/**
 * Monitoring e-mails of the feed jobs (spec §1): a failed import, one held by
 * the deletion guard, and the first import that passes after a failed or held one. Queued in one
 * transaction with nothing else (the job's own row is written by the runner).
 */
export async function notifyOutcome(
  db: Db,
  entry: {
    siteId: number;
    jobId: string;
    kind: string;
    outcome: FeedImportOutcome | 'applied';
    detail: string;
  },
): Promise<void> {
  let outcome: FeedImportOutcome;
  if (entry.outcome === 'applied') {
    const [previous] = await db
      .select({ state: jobs.state, result: jobs.result })
      .from(jobs)
      .where(
        and(
          eq(jobs.siteId, entry.siteId),
          eq(jobs.kind, entry.kind),
          ne(jobs.id, entry.jobId),
          inArray(jobs.state, ['done', 'failed']),
        ),
      )
      .orderBy(desc(jobs.finishedAt))
      .limit(1);
    const wasHeld = (previous?.result as { held?: boolean } | null)?.held === true;
    if (!previous || (previous.state !== 'failed' && !wasHeld)) return;
    outcome = 'recovered';
  } else {
    outcome = entry.outcome;
  }
  const [site] = await db
    .select({ name: sites.name })
    .from(sites)
    .where(eq(sites.id, entry.siteId));
  if (!site) return;
  await db.transaction((tx) =>
    notifyFeedImport(tx, {
      siteId: entry.siteId,
      siteName: site.name,
      outcome,
      detail: entry.detail,
      at: new Date(),
    }),
  );
}
