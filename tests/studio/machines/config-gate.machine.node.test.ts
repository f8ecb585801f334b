import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#contract/client.ts';
import { POLL_INTERVAL_MS, visualGateOf } from '#studio/machines/config.machine.ts';
import { SAVED, job, gateRun, harness, flush } from './config-harness.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the visual check before a promotion (gating)', () => {
  it('runs, polls every 1000 ms while it runs, and promotes when it passes', async () => {
    const h = harness({
      gatePolls: [gateRun('running'), gateRun('passed')],
      polls: [job('done')],
    });
    await flush();
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    expect(h.snapshot().matches({ gating: 'starting' })).toBe(true);
    expect(visualGateOf(h.snapshot())).toMatchObject({ purpose: 'promote', starting: true });
    await flush();
    expect(h.calls.gateStart).toEqual([{ config: SAVED }]);
    expect(h.snapshot().matches({ gating: 'waiting' })).toBe(true);
    expect(visualGateOf(h.snapshot())?.run?.state).toBe('running');
    expect(h.calls.start).toEqual([]);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.calls.gatePoll).toHaveLength(1);
    expect(h.calls.gatePoll[0]?.run.id).toBe(41);
    expect(h.snapshot().matches({ gating: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.calls.gatePoll).toHaveLength(2);
    // Passed: the dialog closes and the promotion starts.
    expect(h.snapshot().matches('promoting')).toBe(true);
    expect(visualGateOf(h.snapshot())).toBeNull();
    expect(h.snapshot().context.gate).toBeNull();
    expect(h.emitted).toEqual([{ type: 'gatePassed', purpose: 'promote' }]);
    await flush();
    expect(h.calls.start).toEqual([{ action: 'generate', config: SAVED }]);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.snapshot().context.outcome).toBe('promoted');
    expect(h.notify.promoted).toHaveBeenCalledTimes(1);
  });

  it('a run already passed, or the gate off on the server: promotes at once', async () => {
    for (const status of [
      { enabled: true, run: gateRun('passed') },
      { enabled: true, run: gateRun('accepted') },
      { enabled: false, run: null },
    ]) {
      const h = harness({ gateStart: () => Promise.resolve(status) });
      await flush();
      h.actor.send({ type: 'GATE', purpose: 'promote' });
      await flush();
      expect(h.snapshot().matches('promoting')).toBe(true);
      expect(h.calls.gatePoll).toEqual([]);
    }
  });

  it('a failed run: no promotion, the failure shown until closed', async () => {
    const h = harness({ gatePolls: [gateRun('failed')] });
    await flush();
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.snapshot().matches({ gating: 'review' })).toBe(true);
    expect(visualGateOf(h.snapshot())).toMatchObject({
      purpose: 'promote',
      starting: false,
      run: { state: 'failed', reason: 'Chromium crashed' },
    });
    // Neither accepting nor promoting gets past a failure; polling has stopped.
    h.actor.send({ type: 'GATE_ACCEPT' });
    h.actor.send({ type: 'GATE_PROMOTE' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(h.snapshot().matches({ gating: 'review' })).toBe(true);
    expect(h.calls.gatePoll).toHaveLength(1);
    expect(h.calls.gateAccept).toEqual([]);
    expect(h.calls.start).toEqual([]);
    expect(h.emitted).toEqual([]);

    h.actor.send({ type: 'CANCEL' });
    expect(h.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(visualGateOf(h.snapshot())).toBeNull();
    expect(h.calls.start).toEqual([]);
    expect(h.snapshot().context.outcome).toBeNull();
  });

  it('retry after a failure starts a new run', async () => {
    let call = 0;
    const h = harness({
      gateStart: () => {
        call += 1;
        return Promise.resolve({ enabled: true, run: gateRun(call === 1 ? 'failed' : 'passed') });
      },
      polls: [job('done')],
    });
    await flush();
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    expect(h.snapshot().matches({ gating: 'review' })).toBe(true);
    h.actor.send({ type: 'GATE_RETRY' });
    expect(visualGateOf(h.snapshot())).toMatchObject({ starting: true, run: null });
    await flush();
    expect(h.calls.gateStart).toHaveLength(2);
    expect(h.snapshot().matches('promoting')).toBe(true);
  });

  it('cancel while it runs: the dialog closes, polling stops, nothing is promoted', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.calls.gatePoll).toHaveLength(1);
    h.actor.send({ type: 'CANCEL' });
    expect(h.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(h.snapshot().context.gate).toBeNull();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(h.calls.gatePoll).toHaveLength(1);
    expect(h.calls.start).toEqual([]);
    expect(h.emitted).toEqual([]);
  });

  it('changes found: accepted by a user, then promoted from the dialog', async () => {
    const h = harness({ gatePolls: [gateRun('changed')], polls: [job('done')] });
    await flush();
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(visualGateOf(h.snapshot())?.run?.state).toBe('changed');
    h.actor.send({ type: 'GATE_PROMOTE' });
    expect(h.snapshot().matches({ gating: 'review' })).toBe(true);
    h.actor.send({ type: 'GATE_ACCEPT' });
    expect(visualGateOf(h.snapshot())?.accepting).toBe(true);
    await flush();
    expect(h.calls.gateAccept).toEqual([{ run: gateRun('changed') }]);
    expect(visualGateOf(h.snapshot())).toMatchObject({
      accepting: false,
      run: { state: 'accepted', acceptedBy: 'designer' },
    });
    // Accepted: the user promotes from the dialog.
    expect(h.calls.start).toEqual([]);
    h.actor.send({ type: 'GATE_PROMOTE' });
    expect(h.snapshot().matches('promoting')).toBe(true);
  });

  it('a refused accept keeps the changes shown', async () => {
    const h = harness({
      gatePolls: [gateRun('changed')],
      gateAccept: () => Promise.reject(new ApiError(409, 'production moved')),
    });
    await flush();
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    h.actor.send({ type: 'GATE_ACCEPT' });
    await flush();
    expect(h.snapshot().matches({ gating: 'review' })).toBe(true);
    expect(visualGateOf(h.snapshot())?.run?.state).toBe('changed');
  });

  it('a failed start or read closes the dialog without promoting', async () => {
    const refused = harness({ gateStart: () => Promise.reject(new ApiError(403, 'no role')) });
    await flush();
    refused.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    expect(refused.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(refused.snapshot().context.gate).toBeNull();

    const lost = harness({ gatePolls: [new ApiError(500, 'gone')] });
    await flush();
    lost.actor.send({ type: 'GATE', purpose: 'promote' });
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(lost.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(lost.calls.start).toEqual([]);
  });

  it('before a promotion it needs what the promotion needs; before a scheduling it does not', async () => {
    const h = harness({
      gateStart: () => Promise.resolve({ enabled: true, run: gateRun('passed') }),
    });
    await flush();
    h.actor.send({ type: 'EDIT', config: { title: 'mine' } });
    h.actor.send({ type: 'GATE', purpose: 'promote' });
    expect(h.snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(h.calls.gateStart).toEqual([]);

    // A scheduling: the passed check is emitted for the host, which schedules; no promotion.
    h.actor.send({ type: 'GATE', purpose: 'schedule' });
    expect(visualGateOf(h.snapshot())?.purpose).toBe('schedule');
    await flush();
    expect(h.emitted).toEqual([{ type: 'gatePassed', purpose: 'schedule' }]);
    expect(h.snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(h.snapshot().context.config).toEqual({ title: 'mine' });
    expect(h.calls.start).toEqual([]);
  });
});
