/** The config machine's test harness: fake actors, their calls and fixtures (both test files). */
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '#contract/client.ts';
import type { ConfigKind } from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';
import {
  configMachine,
  type BaseMeta,
  type ConfigEmitted,
  type GateRun,
  type GateRunInput,
  type GateStatus,
  type LoadedConfig,
  type PollJobInput,
  type SaveInput,
  type StartGateInput,
  type StartJobInput,
} from '#studio/machines/config.machine.ts';

export const BASE: BaseMeta = {
  versionId: 7,
  version: 3,
  author: 'designer',
  createdAt: '2026-11-21T10:00:00Z',
};
export const SAVED = { title: 'saved', list: [1, 2] };

export function job(state: Job['state'], id = 'job-1'): Job {
  return {
    id,
    siteId: 1,
    kind: 'preview',
    state,
    progress: state === 'done' ? 100 : 40,
    result: null,
    error: null,
    createdAt: '2026-11-21T10:00:00Z',
    finishedAt: state === 'done' ? '2026-11-21T10:00:03Z' : null,
  };
}

export const staleSave = () =>
  new ApiError(409, 'The config changed since it was loaded', [], {
    status: 409,
    message: 'stale',
    conflict: { versionId: 9, version: 4, author: 'integrator', createdAt: '2026-11-21T11:00:00Z' },
  });

export function gateRun(state: GateRun['state'], current = true): GateRun {
  return {
    id: 41,
    siteId: 1,
    kind: 'autocomplete',
    key: 0,
    sourceVersionId: 7,
    state,
    reason: state === 'failed' ? 'Chromium crashed' : null,
    progress: state === 'running' ? 30 : 100,
    durationMs: state === 'running' ? null : 4000,
    acceptedBy: state === 'accepted' ? 'designer' : null,
    acceptedAt: state === 'accepted' ? '2026-11-21T10:01:00Z' : null,
    createdBy: 'designer',
    createdAt: '2026-11-21T10:00:00Z',
    current,
    views: [],
  };
}

export interface Fakes {
  load: (call: number) => Promise<LoadedConfig>;
  save: (input: SaveInput) => Promise<LoadedConfig>;
  start: (input: StartJobInput) => Promise<Job>;
  /** Answers for successive status calls. */
  polls: Array<Job | Error>;
  /** The visual check: its start's answer, successive reads of the run, the accept's answer. */
  gateStart: (input: StartGateInput) => Promise<GateStatus>;
  gatePolls: Array<GateRun | Error>;
  gateAccept: (input: GateRunInput) => Promise<GateRun>;
}

/** A machine with fake actors and spies on every call and notification. */
export function harness(options: Partial<Fakes> & { kind?: ConfigKind; test?: boolean } = {}) {
  const calls = {
    load: 0,
    save: [] as SaveInput[],
    start: [] as StartJobInput[],
    poll: [] as PollJobInput[],
    pollSignals: [] as AbortSignal[],
    gateStart: [] as StartGateInput[],
    gatePoll: [] as GateRunInput[],
    gateAccept: [] as GateRunInput[],
  };
  const notify = {
    saved: vi.fn(),
    previewReady: vi.fn(),
    promoted: vi.fn(),
    failure: vi.fn(),
  };
  const polls = [...(options.polls ?? [])];
  const gatePolls = [...(options.gatePolls ?? [])];
  const machine = configMachine.provide({
    actors: {
      loadConfig: fromPromise<LoadedConfig>(() => {
        calls.load += 1;
        return options.load
          ? options.load(calls.load)
          : Promise.resolve({ config: SAVED, base: BASE });
      }),
      saveConfig: fromPromise<LoadedConfig, SaveInput>(({ input }) => {
        calls.save.push(input);
        return options.save
          ? options.save(input)
          : Promise.resolve({
              config: input.config,
              base: { ...BASE, versionId: (input.baseVersionId ?? 0) + 1, version: 4 },
            });
      }),
      startJob: fromPromise<Job, StartJobInput>(({ input }) => {
        calls.start.push(input);
        return options.start ? options.start(input) : Promise.resolve(job('queued'));
      }),
      pollJob: fromPromise<Job, PollJobInput>(({ input, signal }) => {
        calls.poll.push(input);
        calls.pollSignals.push(signal);
        const next = polls.shift() ?? job('running');
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      }),
      startGate: fromPromise<GateStatus, StartGateInput>(({ input }) => {
        calls.gateStart.push(input);
        return options.gateStart
          ? options.gateStart(input)
          : Promise.resolve({ enabled: true, run: gateRun('running') });
      }),
      pollGate: fromPromise<GateRun, GateRunInput>(({ input }) => {
        calls.gatePoll.push(input);
        const next = gatePolls.shift() ?? gateRun('running');
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      }),
      acceptGate: fromPromise<GateRun, GateRunInput>(({ input }) => {
        calls.gateAccept.push(input);
        return options.gateAccept
          ? options.gateAccept(input)
          : Promise.resolve(gateRun('accepted'));
      }),
    },
    actions: {
      notifySaved: notify.saved,
      notifyPreviewReady: notify.previewReady,
      notifyPromoted: notify.promoted,
      notifyFailure: (_, params) => notify.failure(params.error),
    },
  });
  const actor = createActor(machine, {
    input: { kind: options.kind ?? 'autocomplete', test: options.test ?? true },
  });
  const emitted: ConfigEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, notify, emitted, snapshot: () => actor.getSnapshot() };
}

/** Lets resolved promises land (fake timers hold only the timers). */
export const flush = () => vi.advanceTimersByTimeAsync(0);
