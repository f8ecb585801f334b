import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '#contract/client.ts';
import { POLL_INTERVAL_MS, configMachine, deepEqual } from '#studio/machines/config.machine.ts';
import { SAVED, job, harness, flush } from './config-harness.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
describe('previewing', () => {
  it('starts, polls every 1000 ms until done, then is back to editing', async () => {
    const { actor, snapshot, calls, notify } = harness({
      polls: [job('running'), job('running'), job('done')],
    });
    await flush();
    actor.send({ type: 'PREVIEW' });
    expect(snapshot().matches({ previewing: 'starting' })).toBe(true);
    expect(snapshot().context.calculating).toBe(true);
    await flush();
    expect(calls.start).toEqual([{ action: 'preview', config: SAVED }]);
    expect(snapshot().matches({ previewing: 'waiting' })).toBe(true);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(calls.poll).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.poll).toHaveLength(1);
    expect(calls.poll[0]).toMatchObject({ action: 'preview', job: { id: 'job-1' } });
    expect(snapshot().context.job?.state).toBe('running');

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls.poll).toHaveLength(2);
    expect(snapshot().context.calculating).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls.poll).toHaveLength(3);

    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({ calculating: false, outcome: 'previewed' });
    expect(notify.previewReady).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(calls.poll).toHaveLength(3);
  });

  it('is refused with unsaved edits and on the production copy', async () => {
    const dirty = harness();
    await flush();
    dirty.actor.send({ type: 'EDIT', config: { title: 'mine' } });
    dirty.actor.send({ type: 'PREVIEW' });
    expect(dirty.snapshot().matches({ editing: 'dirty' })).toBe(true);

    const production = harness({ test: false });
    await flush();
    production.actor.send({ type: 'PREVIEW' });
    production.actor.send({ type: 'PROMOTE' });
    expect(production.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(dirty.calls.start).toEqual([]);
    expect(production.calls.start).toEqual([]);
  });

  it('409 on start: already running, a silent failure back to editing, no polling', async () => {
    const { actor, snapshot, calls, notify } = harness({
      start: () => Promise.reject(new ApiError(409, 'A preview is already running')),
    });
    await flush();
    actor.send({ type: 'PREVIEW' });
    await flush();
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({ calculating: false, outcome: 'already-running' });
    expect(notify.failure).not.toHaveBeenCalled();
    expect(notify.previewReady).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(calls.poll).toHaveLength(0);
  });

  it('another failure on start is a notified failure', async () => {
    const error = new ApiError(500, 'no build slot');
    const { actor, snapshot, notify } = harness({ start: () => Promise.reject(error) });
    await flush();
    actor.send({ type: 'PREVIEW' });
    await flush();
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({ calculating: false, outcome: 'failed', error });
    expect(notify.failure).toHaveBeenCalledWith(error);
  });

  it('a poll failure ends the wait with failure and clears calculating', async () => {
    const error = new ApiError(500, 'template error at line 3');
    const { actor, snapshot, calls, notify } = harness({ polls: [job('running'), error] });
    await flush();
    actor.send({ type: 'PREVIEW' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(calls.poll).toHaveLength(2);
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({ calculating: false, outcome: 'failed', error });
    expect(notify.failure).toHaveBeenCalledWith(error);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(calls.poll).toHaveLength(2);
  });

  it('edits typed during a preview are kept', async () => {
    const { actor, snapshot } = harness({ polls: [job('done')] });
    await flush();
    actor.send({ type: 'PREVIEW' });
    actor.send({ type: 'EDIT', config: { title: 'later' } });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context.config).toEqual({ title: 'later' });
  });

  it('leaving mid-poll (stopping the actor) cancels polling: no further calls', async () => {
    const { actor, calls } = harness({ polls: [job('running'), job('running'), job('done')] });
    await flush();
    actor.send({ type: 'PREVIEW' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls.poll).toHaveLength(1);
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 10);
    expect(calls.poll).toHaveLength(1);
    expect(calls.start).toHaveLength(1);
  });

  it('stopping while a status call is in flight aborts it', async () => {
    const { actor, calls } = harness();
    await flush();
    actor.send({ type: 'PREVIEW' });
    await flush();
    // The fake poll answers at once; catch the signal of the call that the stop interrupts.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    vi.advanceTimersByTime(1); // starts the second status call without letting it settle
    actor.stop();
    expect(calls.pollSignals.at(-1)?.aborted).toBe(true);
  });
});

describe('promoting', () => {
  it('generate: promotes the saved integration version and notifies success', async () => {
    const { actor, snapshot, calls, notify } = harness({ polls: [job('running'), job('done')] });
    await flush();
    actor.send({ type: 'PROMOTE' });
    expect(snapshot().matches('promoting')).toBe(true);
    expect(snapshot().context).toMatchObject({ calculating: true, jobAction: 'generate' });
    await flush();
    expect(calls.start).toEqual([{ action: 'generate', config: SAVED }]);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(calls.poll.map((input) => input.action)).toEqual(['generate', 'generate']);
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      calculating: false,
      outcome: 'promoted',
      productionVersionId: 7,
    });
    expect(notify.promoted).toHaveBeenCalledTimes(1);
  });

  it('deploy for recommendation blocks and global components', async () => {
    for (const kind of ['recommendations-block', 'global-component'] as const) {
      const { actor, calls, snapshot } = harness({ kind, polls: [job('done')] });
      await flush();
      actor.send({ type: 'PROMOTE' });
      await flush();
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
      expect(calls.start[0]?.action).toBe('deploy');
      expect(calls.poll[0]?.action).toBe('deploy');
      expect(snapshot().context.outcome).toBe('promoted');
    }
  });

  it('is refused with unsaved edits or before the first save', async () => {
    const dirty = harness();
    await flush();
    dirty.actor.send({ type: 'EDIT', config: { title: 'mine' } });
    dirty.actor.send({ type: 'PROMOTE' });
    expect(dirty.snapshot().matches({ editing: 'dirty' })).toBe(true);

    const fresh = harness({
      load: () =>
        Promise.resolve({
          config: SAVED,
          base: { versionId: null, version: 0, author: null, createdAt: null },
        }),
    });
    await flush();
    fresh.actor.send({ type: 'PROMOTE' });
    expect(fresh.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(dirty.calls.start).toEqual([]);
    expect(fresh.calls.start).toEqual([]);
  });

  it('409 on start: silent, production unchanged', async () => {
    const { actor, snapshot, notify } = harness({
      start: () => Promise.reject(new ApiError(409, 'already running')),
    });
    await flush();
    actor.send({ type: 'PROMOTE' });
    await flush();
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      calculating: false,
      outcome: 'already-running',
      productionVersionId: null,
    });
    expect(notify.failure).not.toHaveBeenCalled();
    expect(notify.promoted).not.toHaveBeenCalled();
  });

  it('a poll failure: failure, calculating cleared, production unchanged', async () => {
    const error = new ApiError(500, 'build failed');
    const { actor, snapshot, notify } = harness({ polls: [error] });
    await flush();
    actor.send({ type: 'PROMOTE' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(snapshot().context).toMatchObject({
      calculating: false,
      outcome: 'failed',
      productionVersionId: null,
    });
    expect(notify.failure).toHaveBeenCalledWith(error);
    expect(notify.promoted).not.toHaveBeenCalled();
  });

  it('leaving mid-poll cancels polling', async () => {
    const { actor, calls } = harness();
    await flush();
    actor.send({ type: 'PROMOTE' });
    await flush();
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(calls.poll).toHaveLength(0);
  });
});
describe('without provided actors', () => {
  it('fails loudly instead of pretending to load', async () => {
    const actor = createActor(configMachine, { input: { kind: 'search', test: true } });
    actor.start();
    await flush();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(String(actor.getSnapshot().context.error)).toMatch(/did not provide the loadConfig/);
  });
});

describe('deepEqual', () => {
  it('ignores key order and undefined keys, compares arrays in order', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});
