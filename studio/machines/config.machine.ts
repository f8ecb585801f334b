import { assign, type SnapshotFrom } from 'xstate';
import type { BaseMeta } from './config-types.ts';
import { gatingState } from './config-gate.ts';
import { configSetup, conflictOf, promoteActionOf } from './config-setup.ts';
import { deepEqual } from './deep-equal.ts';

// The machine's module stays the one import of its users: types and helpers are re-exported.
export type * from './config-types.ts';
export { deepEqual } from './deep-equal.ts';
export {
  POLL_INTERVAL_MS,
  conflictOf,
  gatePasses,
  isAlreadyRunning,
  promoteActionOf,
} from './config-setup.ts';

/*
 * The config lifecycle (DESIGN.md "Config lifecycle", spec part 1 §4): one machine per config
 * copy. The host passes the real actors and notifications with `machine.provide()`
 * (src/config-studio/config-actors.ts); tests pass fakes. No React and no API client here.
 * Its setup (actors, actions, guards) is config-setup.ts; the visual check before a promotion is
 * its `gating` state (config-gate.ts).
 */

const EMPTY_BASE: BaseMeta = { versionId: null, version: 0, author: null, createdAt: null };

type ErrorEventArgs = { event: { error: unknown } };
/** Record a failure and tell the host (spec §8: the wait ends with failure). */
const failJob = [
  { type: 'recordFailure', params: ({ event }: ErrorEventArgs) => ({ error: event.error }) },
  { type: 'notifyFailure', params: ({ event }: ErrorEventArgs) => ({ error: event.error }) },
] as const;

export const configMachine = configSetup.createMachine({
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
    gate: null,
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
        GATE: { guard: 'canGate', target: 'gating' },
      },
    },
    gating: gatingState,
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

/** The visual check's dialog, read from a snapshot (null: closed). */
export function visualGateOf(snapshot: SnapshotFrom<ConfigMachine>) {
  const { gate } = snapshot.context;
  if (!snapshot.matches('gating') || !gate) return null;
  return {
    purpose: gate.purpose,
    starting: snapshot.matches({ gating: 'starting' }),
    run: gate.run,
    accepting: snapshot.matches({ gating: 'accepting' }),
  };
}
