import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '#contract/client.ts';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';

/*
 * The config lifecycle (DESIGN.md "Config lifecycle", spec part 1 §4): one machine per config
 * copy. The host passes the real actors and notifications with `machine.provide()`
 * (src/config-studio/config-actors.ts); tests pass fakes. No React and no API client here.
 */

/** Spec §9: status polling interval. */
export const POLL_INTERVAL_MS = 1000;

/** Which stored version the editor's copy is based on; versionId null: nothing saved yet. */
export interface BaseMeta {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
}

/** The newer version a stale save ran into (the 409 body's `conflict`). */
export interface ConflictMeta {
  versionId: number;
  version: number;
  author: string;
  createdAt: string;
}

export interface LoadedConfig {
  config: unknown;
  base: BaseMeta;
  /** The integration version production was last promoted from, when the host knows it. */
  productionSourceVersionId?: number | null;
}

export type JobAction = 'preview' | 'generate' | 'deploy';

export interface SaveInput {
  config: unknown;
  baseVersionId: number | null;
}
export interface StartJobInput {
  action: JobAction;
  /** The edited config (deploy reads the block's or component's id from it). */
  config: unknown;
}
export interface PollJobInput {
  action: JobAction;
  job: Job;
}

/** How the last operation ended, for the toolbar's status line and for tests. */
export type Outcome = 'saved' | 'previewed' | 'promoted' | 'already-running' | 'failed';

export interface ConfigMachineInput {
  kind: ConfigKind;
  /** Integration copy (true) or production copy (false). */
  test: boolean;
}

export interface ConfigContext {
  kind: ConfigKind;
  test: boolean;
  config: unknown;
  savedConfig: unknown;
  base: BaseMeta;
  dirty: boolean;
  /** Spec §4: set while a preview or generate/deploy runs, cleared on any end. */
  calculating: boolean;
  jobAction: JobAction | null;
  job: Job | null;
  /** The last failure (an ApiError from the host's actors, usually). */
  error: unknown;
  conflict: ConflictMeta | null;
  /** What the running save sent (edits typed meanwhile are kept apart from it). */
  sentConfig: unknown;
  /** The integration version production now holds (after a generate/deploy in this session). */
  productionVersionId: number | null;
  outcome: Outcome | null;
}

export type ConfigEvent =
  | { type: 'EDIT'; config: unknown }
  | { type: 'REVERT' }
  | { type: 'SAVE' }
  | { type: 'PREVIEW' }
  | { type: 'PROMOTE' }
  | { type: 'RELOAD' }
  | { type: 'OVERWRITE' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  /** Production was pointed at another build (a rollback): the integration version it serves. */
  | { type: 'PRODUCTION_SERVES'; sourceVersionId: number | null };

const EMPTY_BASE: BaseMeta = { versionId: null, version: 0, author: null, createdAt: null };

/** Structural equality of JSON-like values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => deepEqual(left[key], right[key]));
}

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

type ErrorEventArgs = { event: { error: unknown } };
/** Record a failure and tell the host (spec §8: the wait ends with failure). */
const failJob = [
  { type: 'recordFailure', params: ({ event }: ErrorEventArgs) => ({ error: event.error }) },
  { type: 'notifyFailure', params: ({ event }: ErrorEventArgs) => ({ error: event.error }) },
] as const;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`config machine: the host did not provide the ${name} actor`));

/** A job state that ends the polling (status 200). */
const isFinished = (job: Job) => job.state === 'done';

export const configMachine = setup({
  types: {
    context: {} as ConfigContext,
    events: {} as ConfigEvent,
    input: {} as ConfigMachineInput,
  },
  actors: {
    loadConfig: fromPromise<LoadedConfig>(notProvided('loadConfig')),
    saveConfig: fromPromise<LoadedConfig, SaveInput>(notProvided('saveConfig')),
    startJob: fromPromise<Job, StartJobInput>(notProvided('startJob')),
    pollJob: fromPromise<Job, PollJobInput>(notProvided('pollJob')),
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
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
    /** Saving an unchanged copy is allowed only to create its first version. */
    canSave: ({ context }) => context.dirty || context.base.versionId === null,
    /** Preview and promote build from the saved integration copy. */
    canBuild: ({ context }) => context.test && !context.dirty,
    canPromote: ({ context }) => context.test && !context.dirty && context.base.versionId !== null,
    isStaleSave: (_, params: { error: unknown }) => conflictOf(params.error) !== null,
    isAlreadyRunning: (_, params: { error: unknown }) => isAlreadyRunning(params.error),
    isFinished: (_, params: { job: Job }) => isFinished(params.job),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'config',
  context: ({ input }) => ({
    kind: input.kind,
    test: input.test,
    config: null,
    savedConfig: null,
    base: EMPTY_BASE,
    dirty: false,
    calculating: false,
    jobAction: null,
    job: null,
    error: null,
    conflict: null,
    sentConfig: null,
    productionVersionId: null,
    outcome: null,
  }),
  initial: 'loading',
  on: {
    PRODUCTION_SERVES: {
      actions: assign(({ event }) => ({ productionVersionId: event.sourceVersionId })),
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadConfig',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            config: event.output.config,
            savedConfig: event.output.config,
            base: event.output.base,
            dirty: false,
            error: null,
            conflict: null,
            productionVersionId: event.output.productionSourceVersionId ?? null,
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: [
            assign(({ event }) => ({ error: event.error })),
            { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      initial: 'check',
      states: {
        check: {
          always: [{ guard: 'isDirty', target: 'dirty' }, { target: 'pristine' }],
        },
        pristine: {
          on: {
            PREVIEW: { guard: 'canBuild', target: '#config.previewing' },
            PROMOTE: { guard: 'canPromote', target: '#config.promoting' },
          },
        },
        dirty: {
          on: { REVERT: { target: 'pristine', actions: 'revert' } },
        },
      },
      on: {
        EDIT: { target: '.check', actions: 'assignEdit' },
        SAVE: { guard: 'canSave', target: 'saving' },
        RELOAD: 'loading',
      },
    },
    saving: {
      entry: assign({ sentConfig: ({ context }) => context.config }),
      invoke: {
        src: 'saveConfig',
        input: ({ context }) => ({
          config: context.sentConfig,
          baseVersionId: context.base.versionId,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              // Edits typed while the save ran stay (and keep the copy dirty).
              const editedMeanwhile = !deepEqual(context.config, context.sentConfig);
              return {
                savedConfig: event.output.config,
                config: editedMeanwhile ? context.config : event.output.config,
                dirty: editedMeanwhile && !deepEqual(context.config, event.output.config),
                base: event.output.base,
                error: null,
                conflict: null,
                sentConfig: null,
                outcome: 'saved' as const,
              };
            }),
            'notifySaved',
          ],
        },
        onError: [
          {
            guard: { type: 'isStaleSave', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: assign(({ event }) => ({ conflict: conflictOf(event.error), error: null })),
          },
          {
            target: 'editing',
            actions: failJob,
          },
        ],
      },
      on: { EDIT: { actions: 'assignEdit' } },
    },
    conflict: {
      on: {
        /** Discard mine, load theirs. */
        RELOAD: { target: 'loading', actions: assign({ conflict: null }) },
        /** Save mine again, based on theirs. */
        OVERWRITE: {
          target: 'saving',
          actions: assign(({ context }) => ({
            base: context.conflict
              ? {
                  versionId: context.conflict.versionId,
                  version: context.conflict.version,
                  author: context.conflict.author,
                  createdAt: context.conflict.createdAt,
                }
              : context.base,
            conflict: null,
          })),
        },
        /** Close the dialog, keep editing (the next save meets the conflict again). */
        CANCEL: { target: 'editing', actions: assign({ conflict: null }) },
        EDIT: { actions: 'assignEdit' },
      },
    },
    previewing: {
      entry: ['startCalculating', assign({ jobAction: 'preview' as const })],
      exit: 'stopCalculating',
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            src: 'startJob',
            input: ({ context }) => ({ action: 'preview' as const, config: context.config }),
            onDone: { target: 'waiting', actions: assign({ job: ({ event }) => event.output }) },
            onError: [
              {
                guard: {
                  type: 'isAlreadyRunning',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#config.editing',
                actions: assign({ outcome: 'already-running' as const }),
              },
              { target: '#config.editing', actions: failJob },
            ],
          },
        },
        waiting: { after: { pollInterval: 'polling' } },
        polling: {
          invoke: {
            src: 'pollJob',
            input: ({ context }) => ({ action: 'preview' as const, job: context.job! }),
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => ({ job: event.output }) },
                target: '#config.editing',
                actions: [
                  assign({ job: ({ event }) => event.output, outcome: 'previewed' as const }),
                  'notifyPreviewReady',
                ],
              },
              { target: 'waiting', actions: assign({ job: ({ event }) => event.output }) },
            ],
            onError: { target: '#config.editing', actions: failJob },
          },
        },
      },
      on: { EDIT: { actions: 'assignEdit' } },
    },
    promoting: {
      entry: [
        'startCalculating',
        assign({ jobAction: ({ context }) => promoteActionOf(context.kind) }),
      ],
      exit: 'stopCalculating',
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            src: 'startJob',
            input: ({ context }) => ({
              action: promoteActionOf(context.kind),
              config: context.config,
            }),
            onDone: { target: 'waiting', actions: assign({ job: ({ event }) => event.output }) },
            onError: [
              {
                guard: {
                  type: 'isAlreadyRunning',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#config.editing',
                actions: assign({ outcome: 'already-running' as const }),
              },
              { target: '#config.editing', actions: failJob },
            ],
          },
        },
        waiting: { after: { pollInterval: 'polling' } },
        polling: {
          invoke: {
            src: 'pollJob',
            input: ({ context }) => ({ action: promoteActionOf(context.kind), job: context.job! }),
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => ({ job: event.output }) },
                target: '#config.editing',
                actions: [
                  assign(({ context, event }) => ({
                    job: event.output,
                    outcome: 'promoted' as const,
                    productionVersionId: context.base.versionId,
                  })),
                  'notifyPromoted',
                ],
              },
              { target: 'waiting', actions: assign({ job: ({ event }) => event.output }) },
            ],
            onError: { target: '#config.editing', actions: failJob },
          },
        },
      },
      on: { EDIT: { actions: 'assignEdit' } },
    },
  },
});

export type ConfigMachine = typeof configMachine;

/** The flags the lifecycle toolbar shows, read from a snapshot (select narrowly with useSelector). */
export function lifecycleFlags(snapshot: SnapshotFrom<ConfigMachine>) {
  const { context } = snapshot;
  return {
    loading: snapshot.matches('loading') || snapshot.matches('loadFailed'),
    dirty: context.dirty,
    saving: snapshot.matches('saving'),
    calculating: context.calculating,
    jobAction: context.calculating ? context.jobAction : null,
    progress: context.calculating ? (context.job?.progress ?? null) : null,
    base: context.base,
    outcome: context.outcome,
    productionVersionId: context.productionVersionId,
  };
}
