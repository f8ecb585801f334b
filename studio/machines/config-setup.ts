import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '#contract/client.ts';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';
import type { GateRun, GateStatus } from '#contract/routes/visual-gate.ts';
import type {
  ConfigContext,
  ConfigEmitted,
  ConfigEvent,
  ConfigMachineInput,
  ConflictMeta,
  GateRunInput,
  JobAction,
  LoadedConfig,
  PollJobInput,
  SaveInput,
  StartGateInput,
  StartJobInput,
} from './config-types.ts';
import { deepEqual } from './deep-equal.ts';

/*
 * The config machine's setup: its types, the actors the host provides, its actions, guards and
 * delays. config.machine.ts builds the lifecycle's states on it, config-gate.ts the visual check's.
 */

/** Spec §9: status polling interval (jobs and the visual check alike). */
export const POLL_INTERVAL_MS = 1000;

/** The newer version in a 409 answer to a save, or null when the error is something else. */
export function conflictOf(error: unknown): ConflictMeta | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { conflict?: Partial<ConflictMeta> } | null;
  const conflict = body?.conflict;
  if (!conflict || typeof conflict.versionId !== 'number') return null;
  return {
    versionId: conflict.versionId,
    version: conflict.version ?? 0,
    author: conflict.author ?? '',
    createdAt: conflict.createdAt ?? '',
  };
}

/** A 409 on starting a job: one is already running (spec §8: a silent failure). */
export function isAlreadyRunning(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function promoteActionOf(kind: ConfigKind): JobAction {
  return (DEPLOY_KINDS as readonly string[]).includes(kind) ? 'deploy' : 'generate';
}

/**
 * A visual check that lets the promotion go ahead: nothing changed, or its changes were accepted
 * on the production that is live now.
 */
export function gatePasses(run: GateRun): boolean {
  return run.state === 'passed' || (run.state === 'accepted' && run.current);
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`config machine: the host did not provide the ${name} actor`));

/** A job state that ends the polling (status 200). */
const isFinished = (job: Job) => job.state === 'done';

const canPromote = ({ context }: { context: ConfigContext }) =>
  context.test && !context.dirty && context.base.versionId !== null;

export const configSetup = setup({
  types: {
    context: {} as ConfigContext,
    events: {} as ConfigEvent,
    input: {} as ConfigMachineInput,
    emitted: {} as ConfigEmitted,
  },
  actors: {
    loadConfig: fromPromise<LoadedConfig>(notProvided('loadConfig')),
    saveConfig: fromPromise<LoadedConfig, SaveInput>(notProvided('saveConfig')),
    startJob: fromPromise<Job, StartJobInput>(notProvided('startJob')),
    pollJob: fromPromise<Job, PollJobInput>(notProvided('pollJob')),
    // The visual check (contract/routes/visual-gate.ts): start (or find) a run, read it, accept it.
    startGate: fromPromise<GateStatus, StartGateInput>(notProvided('startGate')),
    pollGate: fromPromise<GateRun, GateRunInput>(notProvided('pollGate')),
    acceptGate: fromPromise<GateRun, GateRunInput>(notProvided('acceptGate')),
  },
  actions: {
    // Notifications the host turns into toasts (spec §8); no-ops unless provided.
    notifySaved: () => undefined,
    notifyPreviewReady: () => undefined,
    notifyPromoted: () => undefined,
    notifyFailure: (_, _params: { error: unknown }) => undefined,
    assignEdit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      return { config: event.config, dirty: !deepEqual(event.config, context.savedConfig) };
    }),
    revert: assign(({ context }) => ({ config: context.savedConfig, dirty: false })),
    recordFailure: assign((_, params: { error: unknown }) => ({
      error: params.error,
      outcome: 'failed' as const,
    })),
    startCalculating: assign({ calculating: true, job: null, error: null, outcome: null }),
    stopCalculating: assign({ calculating: false }),
    /** The run the check's dialog shows. */
    showRun: assign(({ context }, params: { run: GateRun | null }) => ({
      gate: { purpose: context.gate?.purpose ?? ('promote' as const), run: params.run },
    })),
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
    /** Saving an unchanged copy is allowed only to create its first version. */
    canSave: ({ context }) => context.dirty || context.base.versionId === null,
    /** Preview and promote build from the saved integration copy. */
    canBuild: ({ context }) => context.test && !context.dirty,
    canPromote,
    /** The check before a promotion needs what the promotion needs; before a scheduling, nothing. */
    canGate: ({ context, event }) =>
      event.type === 'GATE' && (event.purpose === 'schedule' || canPromote({ context })),
    isStaleSave: (_, params: { error: unknown }) => conflictOf(params.error) !== null,
    isAlreadyRunning: (_, params: { error: unknown }) => isAlreadyRunning(params.error),
    isFinished: (_, params: { job: Job }) => isFinished(params.job),
    gateIsOff: (_, params: { status: GateStatus }) => !params.status.enabled || !params.status.run,
    gateRunning: ({ context }) => context.gate?.run?.state === 'running',
    gatePasses: ({ context }) => !!context.gate?.run && gatePasses(context.gate.run),
    /** The check found changes on the live production: a user with the role may accept them. */
    gateAcceptable: ({ context }) =>
      context.gate?.run?.state === 'changed' && context.gate.run.current,
    gateForSchedule: ({ context }) => context.gate?.purpose === 'schedule',
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
});
