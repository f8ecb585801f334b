/**
 * The visual regression gate: before generate or deploy, every widget of the site is
 * rendered from the candidate bundle (production with the launched integration version in place,
 * exactly what the promotion would publish) and from the production bundle, compared pixel by
 * pixel, and the promotion is refused until the run passed or its changes were accepted. What a
 * run is made on: gate-basis.ts; the stored runs: gate-runs.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import type { ConfigKind } from '#contract/entities/config.ts';
import type { GateStatus } from '#contract/routes/visual-gate.ts';
import { bundleHash } from '../bundle/hash.ts';
import { latestCopies } from '../bundle-configs.ts';
import type { Db } from '../../platform/db/client.ts';
import { visualGateRuns, visualGateViews } from '../../platform/db/schema.ts';
import type { Env } from '../../platform/env.ts';
import { conflict, HttpError, notFound } from '../../platform/http/http-error.ts';
import { createArtifactRepository } from '../artifacts-repository.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { copyLabel, createConfigRepository } from '../../configs/repository.ts';
import { gateCatalog } from './catalog-sample.ts';
import { comparePngs } from './compare.ts';
import {
  basis,
  candidateBundle,
  gateEnabled,
  gateViews,
  type GateTarget,
  type RunRow,
} from './gate-basis.ts';
import { describeRun, gateRunOf, newestRun } from './gate-runs.ts';
import {
  chromiumMissing,
  chromiumPath,
  GateBudgetError,
  launchGateBrowser,
  renderView,
  type GateBundle,
} from './render.ts';

export { gateFingerprint, type GateTarget } from './gate-basis.ts';
export { describeRun, gateImage, gateRunOf } from './gate-runs.ts';

export const VISUAL_GATE_JOB = 'visual-gate';

const KIND_NAMES: Record<ConfigKind, string> = {
  'instant-search': 'instant search',
  autocomplete: 'autocomplete',
  search: 'search',
  tracking: 'tracking',
  mvt: 'MVT',
  'recommendations-block': 'recommendation block',
  'global-component': 'global component',
  'global-config': 'global configuration',
};

/**
 * Throws 409 unless a promotion of this version may go ahead: the gate is off, or a run on the
 * current production passed (nothing changed) or its changes were accepted. Generate, deploy
 * and the scheduled promotion call this right before promoting.
 */
export async function assertGatePassed(
  db: Db,
  env: Pick<Env, 'VISUAL_GATE'>,
  target: GateTarget,
): Promise<void> {
  if (!gateEnabled(env)) return;
  const { fingerprint } = await basis(db, target);
  const run = await newestRun(db, target, fingerprint);
  const what = `${target.key ? `${KIND_NAMES[target.kind]} ${target.key}` : KIND_NAMES[target.kind]} config, version id ${target.sourceVersionId}`;
  if (run?.state === 'passed' || run?.state === 'accepted') return;
  const details = { gateRunId: run?.id ?? null, gateState: run?.state ?? 'missing' };
  if (!run)
    throw conflict(
      `The visual check has not run for the ${what} against the current production: run it and accept its changes before promoting`,
      details,
    );
  if (run.state === 'changed')
    throw conflict(
      `The visual check found changes on screen for the ${what}: a user with the generate role must review and accept them before promoting`,
      details,
    );
  if (run.state === 'running')
    throw conflict(`The visual check of the ${what} is still running`, details);
  if (run.state === 'unavailable')
    throw conflict(
      `The visual check cannot run on this server (${run.reason ?? 'no Chromium'}): promotion is refused while VISUAL_GATE is on`,
      details,
    );
  throw conflict(
    `The visual check of the ${what} failed (${run.reason ?? 'unknown error'}): fix the cause and run it again`,
    details,
  );
}

/** The newest run of the config's newest integration version (any basis), and whether it holds. */
export async function gateStatus(
  db: Db,
  env: Pick<Env, 'VISUAL_GATE'>,
  target: Omit<GateTarget, 'sourceVersionId'>,
): Promise<GateStatus> {
  const enabled = gateEnabled(env);
  const newest = await createConfigRepository(db).latest({ ...target, test: true });
  if (!newest || newest.deleted) return { enabled, run: null };
  const full = { ...target, sourceVersionId: newest.id };
  const { fingerprint } = await basis(db, full);
  const row = await newestRun(db, full);
  return {
    enabled,
    run: row ? await describeRun(db, row, row.fingerprint === fingerprint) : null,
  };
}

export interface GateLauncher {
  launch(entry: {
    siteId: number;
    kind: string;
    payload?: unknown;
    createdBy: string;
  }): Promise<{ id: string }>;
}

/**
 * Starts a run for the newest integration version (or answers the current one: running,
 * passed, changed or accepted runs are not repeated). Without Chromium the run is recorded as
 * `unavailable` with the reason at once.
 */
export async function startGate(
  db: Db,
  env: Pick<Env, 'VISUAL_GATE' | 'CHROMIUM_PATH'>,
  jobsRunner: GateLauncher,
  target: Omit<GateTarget, 'sourceVersionId'>,
  login: string,
): Promise<{ status: GateStatus; launched: boolean }> {
  if (!gateEnabled(env)) return { status: { enabled: false, run: null }, launched: false };
  const newest = await createConfigRepository(db).latest({ ...target, test: true });
  if (!newest || newest.deleted)
    throw notFound(
      `A saved integration copy of the ${copyLabel({ ...target, test: true })} config of site ${target.siteId}`,
    );
  const full = { ...target, sourceVersionId: newest.id };
  const { fingerprint, productionArtifact } = await basis(db, full);
  const known = await newestRun(db, full, fingerprint);
  if (known && known.state !== 'failed' && known.state !== 'unavailable')
    return { status: { enabled: true, run: await describeRun(db, known, true) }, launched: false };
  const missing = chromiumMissing(chromiumPath(env.CHROMIUM_PATH));
  const [row] = await db
    .insert(visualGateRuns)
    .values({
      ...full,
      fingerprint,
      productionArtifactId: productionArtifact?.id ?? null,
      state: missing ? 'unavailable' : 'running',
      reason: missing,
      createdBy: login,
      ...(missing && { finishedAt: new Date() }),
    })
    .returning();
  if (missing)
    return { status: { enabled: true, run: await describeRun(db, row!, true) }, launched: false };
  try {
    const job = await jobsRunner.launch({
      siteId: target.siteId,
      kind: VISUAL_GATE_JOB,
      payload: { runId: row!.id },
      createdBy: login,
    });
    const [updated] = await db
      .update(visualGateRuns)
      .set({ jobId: job.id })
      .where(eq(visualGateRuns.id, row!.id))
      .returning();
    return {
      status: { enabled: true, run: await describeRun(db, updated!, true) },
      launched: true,
    };
  } catch (error) {
    await db.delete(visualGateRuns).where(eq(visualGateRuns.id, row!.id));
    throw error;
  }
}

/**
 * Does the work of one run: builds the candidate, reads the production bundle, renders every
 * view from both in Chromium, compares and stores the images. The run ends `passed` (no view
 * changed), `changed`, `failed` (with the error) or `unavailable` (the browser would not start).
 */
export async function executeGate(
  db: Db,
  env: Pick<Env, 'CHROMIUM_PATH' | 'GATE_VIEW_TIMEOUT_MS' | 'GATE_RUN_TIMEOUT_MS'>,
  runId: number,
  progress: (percent: number) => Promise<void> = async () => {},
  /** The job's: aborted when it is cancelled (or the server stops). */
  signal?: AbortSignal,
): Promise<RunRow> {
  const [run] = await db.select().from(visualGateRuns).where(eq(visualGateRuns.id, runId));
  if (!run) throw new Error(`Visual check ${runId} not found`);
  const started = Date.now();
  const finish = async (values: Partial<RunRow>) => {
    const [row] = await db
      .update(visualGateRuns)
      .set({ ...values, finishedAt: new Date(), durationMs: Date.now() - started })
      .where(eq(visualGateRuns.id, runId))
      .returning();
    return row!;
  };
  const target: GateTarget = {
    siteId: run.siteId,
    kind: run.kind as ConfigKind,
    key: run.key,
    sourceVersionId: run.sourceVersionId,
  };
  let browser: Browser | null = null;
  // One stop for the run: its budget, or the job's cancel. Closing the browser ends whatever
  // page is rendering, even one whose script never yields.
  const stop = new AbortController();
  const budget = setTimeout(
    () =>
      stop.abort(
        new GateBudgetError(
          `The visual check did not finish within ${Math.round(env.GATE_RUN_TIMEOUT_MS / 1000)} s (GATE_RUN_TIMEOUT_MS)`,
        ),
      ),
    env.GATE_RUN_TIMEOUT_MS,
  );
  const cancel = () => stop.abort(signal?.reason ?? new Error('The visual check was cancelled'));
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  stop.signal.addEventListener('abort', () => void browser?.close().catch(() => {}), {
    once: true,
  });
  try {
    const { others, productionArtifact } = await basis(db, target);
    const candidate = await candidateBundle(db, target, others);
    const productionFiles = productionArtifact
      ? await createArtifactRepository(db).byHash(target.siteId, productionArtifact.hash)
      : null;
    const production: GateBundle = productionFiles
      ? { js: productionFiles.js, css: productionFiles.css }
      : null;
    const views = gateViews(candidate.rows, await latestCopies(db, target.siteId, false));
    // The shop's own products, read once: both bundles render the same sample.
    const catalog = await gateCatalog(db, target.siteId);
    const path = chromiumPath(env.CHROMIUM_PATH);
    const missing = chromiumMissing(path);
    if (missing) return await finish({ state: 'unavailable', reason: missing });
    stop.signal.throwIfAborted();
    try {
      browser = await launchGateBrowser(path);
    } catch (error) {
      return await finish({
        state: 'unavailable',
        reason: `Chromium at ${path} did not start: ${(error as Error).message.split('\n')[0]}`,
      });
    }
    await progress(5);
    const candidateFiles = { js: candidate.built.js, css: candidate.built.css };
    let changed = 0;
    for (const [index, view] of views.entries()) {
      const limits = { timeoutMs: env.GATE_VIEW_TIMEOUT_MS, signal: stop.signal, catalog };
      // Both sides at once: each page is its own renderer, and most of a render is waiting.
      const [before, after] = await Promise.all([
        renderView(browser, view, 'production', production, limits),
        renderView(browser, view, 'candidate', candidateFiles, limits),
      ]);
      stop.signal.throwIfAborted();
      const comparison = comparePngs(before, after);
      if (comparison.changedPixels > 0) changed += 1;
      await db.insert(visualGateViews).values({
        runId,
        view: view.id,
        widget: view.widget,
        width: view.width,
        meta: view.label
          ? { label: view.label }
          : { label: catalog.query, catalog: catalog.origin },
        production: before,
        candidate: after,
        diff: comparison.diff,
        changedPixels: comparison.changedPixels,
        totalPixels: comparison.totalPixels,
        share: comparison.share,
      });
      await progress(5 + Math.floor(((index + 1) / views.length) * 94));
    }
    return await finish({
      state: changed ? 'changed' : 'passed',
      candidateHash: bundleHash(candidate.built.js, candidate.built.css),
    });
  } catch (error) {
    // Past the run's budget or cancelled, whatever the render was doing says why.
    const cause: unknown = stop.signal.aborted ? stop.signal.reason : error;
    await finish({
      state: 'failed',
      reason: cause instanceof Error ? cause.message : String(cause),
    });
    throw cause;
  } finally {
    clearTimeout(budget);
    signal?.removeEventListener('abort', cancel);
    await browser?.close().catch(() => {});
  }
}

/**
 * Records that `login` (who holds the generate role of the run's kind: the route checks it)
 * accepted the changes of a run, with the version, audited in the same transaction. Only a
 * `changed` run on the current production can be accepted (409 otherwise).
 */
export async function acceptGate(
  db: Db,
  siteId: number,
  runId: number,
  login: string,
): Promise<RunRow> {
  const run = await gateRunOf(db, siteId, runId);
  if (run.state === 'accepted') return run;
  if (run.state !== 'changed')
    throw new HttpError(
      409,
      run.state === 'passed'
        ? 'Nothing to accept: no view changed'
        : `Only a finished check with changes can be accepted (this one is ${run.state})`,
    );
  const target = {
    siteId,
    kind: run.kind as ConfigKind,
    key: run.key,
    sourceVersionId: run.sourceVersionId,
  };
  if ((await basis(db, target)).fingerprint !== run.fingerprint)
    throw conflict(
      'Production or the version changed after this visual check: run the check again before accepting',
    );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(visualGateRuns)
      .set({ state: 'accepted', acceptedBy: login, acceptedAt: new Date() })
      .where(and(eq(visualGateRuns.id, runId), eq(visualGateRuns.state, 'changed')))
      .returning();
    if (!row) throw conflict('The visual check changed meanwhile: reload it');
    const views = await tx
      .select({ view: visualGateViews.view, share: visualGateViews.share })
      .from(visualGateViews)
      .where(eq(visualGateViews.runId, runId));
    await recordAudit(tx, {
      actor: login,
      action: 'accept',
      entity: 'visual-gate',
      entityId: `${siteId}/${run.kind}/${run.key}/${run.sourceVersionId}`,
      before: { runId, state: 'changed' },
      after: {
        runId,
        state: 'accepted',
        sourceVersionId: run.sourceVersionId,
        changed: views.filter((view) => view.share > 0),
      },
    });
    return row;
  });
}
