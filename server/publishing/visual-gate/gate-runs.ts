/** The visual checks' runs as stored: read, described for the console, their images, orphans failed. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ConfigKind } from '#contract/entities/config.ts';
import type { GateRun } from '#contract/routes/visual-gate.ts';
import type { Db } from '../../platform/db/client.ts';
import { jobs, visualGateRuns, visualGateViews } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { createConfigRepository } from '../../configs/repository.ts';
import { DEFAULT_GATE_QUERY } from './catalog-sample.ts';
import { basis, type GateTarget, type RunRow } from './gate-basis.ts';

async function progressOf(db: Db, row: RunRow): Promise<number> {
  if (row.state !== 'running') return 100;
  if (!row.jobId) return 0;
  const [job] = await db
    .select({ progress: jobs.progress })
    .from(jobs)
    .where(eq(jobs.id, row.jobId));
  return job?.progress ?? 0;
}

/** A run as the console shows it (without the images). */
export async function describeRun(db: Db, row: RunRow, current?: boolean): Promise<GateRun> {
  const views = await db
    .select({
      view: visualGateViews.view,
      widget: visualGateViews.widget,
      width: visualGateViews.width,
      meta: visualGateViews.meta,
      changedPixels: visualGateViews.changedPixels,
      totalPixels: visualGateViews.totalPixels,
      share: visualGateViews.share,
    })
    .from(visualGateViews)
    .where(eq(visualGateViews.runId, row.id))
    .orderBy(asc(visualGateViews.width), asc(visualGateViews.view));
  let isCurrent = current;
  if (isCurrent === undefined) {
    const target = { siteId: row.siteId, kind: row.kind as ConfigKind, key: row.key };
    const newest = await createConfigRepository(db).latest({ ...target, test: true });
    isCurrent =
      newest?.id === row.sourceVersionId &&
      (await basis(db, { ...target, sourceVersionId: row.sourceVersionId })).fingerprint ===
        row.fingerprint;
  }
  return {
    id: row.id,
    siteId: row.siteId,
    kind: row.kind as ConfigKind,
    key: row.key,
    sourceVersionId: row.sourceVersionId,
    state: row.state,
    reason: row.reason,
    progress: await progressOf(db, row),
    durationMs: row.durationMs,
    acceptedBy: row.acceptedBy,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    current: isCurrent,
    views: views
      .sort((a, b) => b.width - a.width || a.view.localeCompare(b.view))
      .map((view) => ({
        view: view.view,
        widget: view.widget as GateRun['views'][number]['widget'],
        width: view.width,
        // Runs before the search views named their query searched the default one.
        label:
          (view.meta as { label?: string }).label ??
          (view.widget === 'autocomplete' || view.widget === 'instant-search'
            ? DEFAULT_GATE_QUERY
            : null),
        changedPixels: view.changedPixels,
        totalPixels: view.totalPixels,
        share: view.share,
      })),
  };
}

/**
 * Runs left `running` by a job that ended without finishing them (the server stopped during it
 * and the reaper failed the job, or it was cancelled before it started) are failed with the job's
 * reason: a run never stays `running` for ever. Every read of a site's runs goes through it.
 */
export async function failOrphanedRuns(db: Db, siteId: number): Promise<void> {
  const ended = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.siteId, siteId), inArray(jobs.state, ['done', 'failed', 'cancelled'])));
  await db
    .update(visualGateRuns)
    .set({
      state: 'failed',
      finishedAt: new Date(),
      reason: sql`coalesce((select ${jobs.error} from ${jobs} where ${jobs.id} = ${visualGateRuns.jobId}), 'the check was interrupted')`,
    })
    .where(
      and(
        eq(visualGateRuns.siteId, siteId),
        eq(visualGateRuns.state, 'running'),
        inArray(visualGateRuns.jobId, ended),
      ),
    );
}

/**
 * The newest run of this version: on exactly this basis when a `fingerprint` is given (null: none,
 * or production moved since), on any basis without.
 */
export async function newestRun(db: Db, target: GateTarget, fingerprint?: string) {
  await failOrphanedRuns(db, target.siteId);
  const [row] = await db
    .select()
    .from(visualGateRuns)
    .where(
      and(
        eq(visualGateRuns.siteId, target.siteId),
        eq(visualGateRuns.kind, target.kind),
        eq(visualGateRuns.key, target.key),
        eq(visualGateRuns.sourceVersionId, target.sourceVersionId),
        fingerprint === undefined ? undefined : eq(visualGateRuns.fingerprint, fingerprint),
      ),
    )
    .orderBy(desc(visualGateRuns.id))
    .limit(1);
  return row ?? null;
}

/** One stored image of a run's view (PNG). */
export async function gateImage(
  db: Db,
  siteId: number,
  runId: number,
  view: string,
  image: 'production' | 'candidate' | 'diff',
): Promise<Buffer> {
  const [row] = await db
    .select({ png: visualGateViews[image] })
    .from(visualGateViews)
    .innerJoin(visualGateRuns, eq(visualGateRuns.id, visualGateViews.runId))
    .where(
      and(
        eq(visualGateViews.runId, runId),
        eq(visualGateViews.view, view),
        eq(visualGateRuns.siteId, siteId),
      ),
    );
  if (!row) throw notFound(`View ${view} of visual check ${runId}`);
  return row.png;
}

export async function gateRunOf(db: Db, siteId: number, runId: number): Promise<RunRow> {
  await failOrphanedRuns(db, siteId);
  const [row] = await db
    .select()
    .from(visualGateRuns)
    .where(and(eq(visualGateRuns.id, runId), eq(visualGateRuns.siteId, siteId)));
  if (!row) throw notFound(`Visual check ${runId} of site ${siteId}`);
  return row;
}
