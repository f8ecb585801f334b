import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '#contract/client.ts';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';
import type {
  BaseMeta,
  ConfigContext,
  ConfigEvent,
  ConfigMachineInput,
  ConflictMeta,
  JobAction,
  LoadedConfig,
  PollJobInput,
  SaveInput,
  StartJobInput,
} from './config-types.ts';
import { deepEqual } from './deep-equal.ts';

// The machine's module stays the one import of its users: types and helpers are re-exported.
export type * from './config-types.ts';
export { deepEqual } from './deep-equal.ts';

/*
 * The config lifecycle (DESIGN.md "Config lifecycle", spec part 1 §4): one machine per config
 * copy. The host passes the real actors and notifications with `machine.provide()`
 * (src/config-studio/config-actors.ts); tests pass fakes. No React and no API client here.
 */

/** Spec §9: status polling interval. */
export const POLL_INTERVAL_MS = 1000;

const EMPTY_BASE: BaseMeta = { versionId: null, version: 0, author: null, createdAt: null };

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
