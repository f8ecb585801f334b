import { assign, emit } from 'xstate';
import { configSetup } from './config-setup.ts';

/*
 * The visual regression gate in front of Generate, Deploy and a scheduled promotion, as the
 * config machine's `gating` state (its dialog is open while the machine is in it): GATE starts a
 * run of the saved integration version (or finds the current one) and polls it; nothing changed,
 * already accepted or the gate switched off by the server → passed at once; otherwise the
 * dialog shows the difference (`review`) and a user with the generate role accepts it, then
 * promotes from the dialog. Passed: the promotion starts (`promoting`), or, for a scheduling, the
 * machine emits `gatePassed` and the host schedules. CANCEL closes it; a failed call closes it
 * too (the host's API client said why).
 */
export const gatingState = configSetup.createStateConfig({
  entry: assign(({ event }) => ({
    gate: { purpose: event.type === 'GATE' ? event.purpose : ('promote' as const), run: null },
  })),
  exit: assign({ gate: null }),
  initial: 'starting',
  states: {
    starting: {
      entry: { type: 'showRun', params: { run: null } },
      invoke: {
        src: 'startGate',
        input: ({ context }) => ({ config: context.config }),
        onDone: [
          {
            // VISUAL_GATE=off: the server promotes without the check.
            guard: { type: 'gateIsOff', params: ({ event }) => ({ status: event.output }) },
            target: 'passed',
          },
          {
            target: 'checking',
            actions: { type: 'showRun', params: ({ event }) => ({ run: event.output.run }) },
          },
        ],
        onError: '#config.editing',
      },
    },
    checking: {
      always: [
        { guard: 'gateRunning', target: 'waiting' },
        { guard: 'gatePasses', target: 'passed' },
        { target: 'review' },
      ],
    },
    waiting: { after: { pollInterval: 'polling' } },
    polling: {
      invoke: {
        src: 'pollGate',
        input: ({ context }) => ({ run: context.gate!.run! }),
        onDone: {
          target: 'checking',
          actions: { type: 'showRun', params: ({ event }) => ({ run: event.output }) },
        },
        onError: '#config.editing',
      },
    },
    review: {
      on: {
        GATE_ACCEPT: { guard: 'gateAcceptable', target: 'accepting' },
        GATE_PROMOTE: { guard: 'gatePasses', target: 'passed' },
      },
    },
    accepting: {
      invoke: {
        src: 'acceptGate',
        input: ({ context }) => ({ run: context.gate!.run! }),
        onDone: {
          target: 'review',
          actions: { type: 'showRun', params: ({ event }) => ({ run: event.output }) },
        },
        // The host's client says why (403, or 409 when production moved meanwhile).
        onError: 'review',
      },
    },
    passed: {
      entry: emit(({ context }) => ({
        type: 'gatePassed' as const,
        purpose: context.gate?.purpose ?? ('promote' as const),
      })),
      always: [
        { guard: 'gateForSchedule', target: '#config.editing' },
        { guard: 'canPromote', target: '#config.promoting' },
        { target: '#config.editing' },
      ],
    },
  },
  on: {
    /** Close the dialog: the run's calls stop with the state. */
    CANCEL: '#config.editing',
    /** A new run (the last failed, could not run, or production moved since). */
    GATE_RETRY: { target: '.starting', reenter: true },
    EDIT: { actions: 'assignEdit' },
  },
});
