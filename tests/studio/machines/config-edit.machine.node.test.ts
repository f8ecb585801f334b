import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#contract/client.ts';
import { type LoadedConfig } from '#studio/machines/config.machine.ts';
import { BASE, SAVED, staleSave, harness, flush, type Fakes } from './config-harness.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
describe('loading', () => {
  it('loads the copy and starts pristine', async () => {
    const { snapshot, calls } = harness();
    expect(snapshot().matches('loading')).toBe(true);
    await flush();
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      config: SAVED,
      savedConfig: SAVED,
      base: BASE,
      dirty: false,
      calculating: false,
    });
    expect(calls.load).toBe(1);
  });

  it('a failed load waits for RETRY, which loads again', async () => {
    const error = new ApiError(500, 'boom');
    const { actor, snapshot, notify, calls } = harness({
      load: (call) =>
        call === 1 ? Promise.reject(error) : Promise.resolve({ config: SAVED, base: BASE }),
    });
    await flush();
    expect(snapshot().matches('loadFailed')).toBe(true);
    expect(snapshot().context.error).toBe(error);
    expect(notify.failure).toHaveBeenCalledWith(error);
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'PREVIEW' });
    expect(snapshot().matches('loadFailed')).toBe(true);
    actor.send({ type: 'RETRY' });
    await flush();
    expect(calls.load).toBe(2);
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context.error).toBeNull();
  });

  it('keeps what production was promoted from when the host knows it', async () => {
    const { snapshot } = harness({
      load: () => Promise.resolve({ config: SAVED, base: BASE, productionSourceVersionId: 5 }),
    });
    await flush();
    expect(snapshot().context.productionVersionId).toBe(5);
  });

  it('a rollback names what production serves now, without leaving the edit state', async () => {
    const { actor, snapshot } = harness({
      load: () => Promise.resolve({ config: SAVED, base: BASE, productionSourceVersionId: 5 }),
    });
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'mine' } });
    actor.send({ type: 'PRODUCTION_SERVES', sourceVersionId: 3 });
    expect(snapshot().context.productionVersionId).toBe(3);
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context.config).toEqual({ title: 'mine' });
  });
});

describe('editing', () => {
  it('pristine ⇄ dirty follows the difference from the saved copy', async () => {
    const { actor, snapshot } = harness();
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'mine', list: [1, 2] } });
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context.dirty).toBe(true);
    // Typing the saved value back (keys in another order) is pristine again.
    actor.send({ type: 'EDIT', config: { list: [1, 2], title: 'saved' } });
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context.dirty).toBe(false);
  });

  it('REVERT drops the edits', async () => {
    const { actor, snapshot } = harness();
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'mine' } });
    actor.send({ type: 'REVERT' });
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context.config).toEqual(SAVED);
  });

  it('RELOAD loads the copy again and drops the edits', async () => {
    const { actor, snapshot, calls } = harness();
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'mine' } });
    actor.send({ type: 'RELOAD' });
    expect(snapshot().matches('loading')).toBe(true);
    await flush();
    expect(calls.load).toBe(2);
    expect(snapshot().context).toMatchObject({ config: SAVED, dirty: false });
  });
});

describe('saving', () => {
  it('saves the edits based on the loaded version, then is pristine on the new one', async () => {
    const { actor, snapshot, calls, notify } = harness();
    await flush();
    const mine = { title: 'mine', list: [3] };
    actor.send({ type: 'EDIT', config: mine });
    actor.send({ type: 'SAVE' });
    expect(snapshot().matches('saving')).toBe(true);
    await flush();
    expect(calls.save).toEqual([{ config: mine, baseVersionId: 7 }]);
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      savedConfig: mine,
      config: mine,
      dirty: false,
      outcome: 'saved',
      base: { versionId: 8, version: 4 },
    });
    expect(notify.saved).toHaveBeenCalledTimes(1);
  });

  it('an unchanged copy is not saved again, but a never-saved one can be (its first version)', async () => {
    const saved = harness();
    await flush();
    saved.actor.send({ type: 'SAVE' });
    expect(saved.snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(saved.calls.save).toEqual([]);

    const fresh = harness({
      load: () =>
        Promise.resolve({
          config: SAVED,
          base: { versionId: null, version: 0, author: null, createdAt: null },
        }),
    });
    await flush();
    fresh.actor.send({ type: 'SAVE' });
    await flush();
    expect(fresh.calls.save).toEqual([{ config: SAVED, baseVersionId: null }]);
    expect(fresh.snapshot().context.base.versionId).toBe(1);
  });

  it('edits typed while the save runs are kept and leave the copy dirty', async () => {
    let finish: (value: LoadedConfig) => void = () => undefined;
    const { actor, snapshot, calls } = harness({
      save: () => new Promise((resolve) => (finish = resolve)),
    });
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'first' } });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'EDIT', config: { title: 'second' } });
    finish({ config: { title: 'first' }, base: { ...BASE, versionId: 8 } });
    await flush();
    expect(calls.save[0]?.config).toEqual({ title: 'first' });
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      config: { title: 'second' },
      savedConfig: { title: 'first' },
    });
  });

  it('a failed save keeps the edits, records the error and notifies', async () => {
    const error = new ApiError(500, 'disk full');
    const { actor, snapshot, notify } = harness({ save: () => Promise.reject(error) });
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'mine' } });
    actor.send({ type: 'SAVE' });
    await flush();
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      config: { title: 'mine' },
      error,
      outcome: 'failed',
    });
    expect(notify.failure).toHaveBeenCalledWith(error);
    expect(notify.saved).not.toHaveBeenCalled();
  });

  it('a 409 without a newer version is an ordinary failure, not a conflict', async () => {
    const error = new ApiError(409, 'busy');
    const { actor, snapshot } = harness({ save: () => Promise.reject(error) });
    await flush();
    actor.send({ type: 'EDIT', config: { title: 'mine' } });
    actor.send({ type: 'SAVE' });
    await flush();
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context.conflict).toBeNull();
  });
});

describe('conflict (a save based on a stale version)', () => {
  async function inConflict(options: Partial<Fakes> = {}) {
    let call = 0;
    const h = harness({
      save: (input) => {
        call += 1;
        return call === 1
          ? Promise.reject(staleSave())
          : Promise.resolve({ config: input.config, base: { ...BASE, versionId: 10, version: 5 } });
      },
      ...options,
    });
    await flush();
    h.actor.send({ type: 'EDIT', config: { title: 'mine' } });
    h.actor.send({ type: 'SAVE' });
    await flush();
    return h;
  }

  it('holds the newer version (author, time) and notifies nothing', async () => {
    const { snapshot, notify } = await inConflict();
    expect(snapshot().matches('conflict')).toBe(true);
    expect(snapshot().context.conflict).toEqual({
      versionId: 9,
      version: 4,
      author: 'integrator',
      createdAt: '2026-11-21T11:00:00Z',
    });
    expect(notify.failure).not.toHaveBeenCalled();
    expect(snapshot().context.config).toEqual({ title: 'mine' });
  });

  it('reload: discards mine and loads theirs', async () => {
    const theirs = { title: 'theirs' };
    const theirBase = { versionId: 9, version: 4, author: 'integrator', createdAt: 'x' };
    const { actor, snapshot, calls } = await inConflict({
      load: (call) =>
        Promise.resolve(
          call === 1 ? { config: SAVED, base: BASE } : { config: theirs, base: theirBase },
        ),
    });
    actor.send({ type: 'RELOAD' });
    await flush();
    expect(calls.load).toBe(2);
    expect(calls.save).toHaveLength(1);
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({ config: theirs, base: theirBase, conflict: null });
  });

  it('overwrite: saves mine again based on theirs', async () => {
    const { actor, snapshot, calls, notify } = await inConflict();
    actor.send({ type: 'OVERWRITE' });
    await flush();
    expect(calls.save).toEqual([
      { config: { title: 'mine' }, baseVersionId: 7 },
      { config: { title: 'mine' }, baseVersionId: 9 },
    ]);
    expect(snapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(snapshot().context).toMatchObject({
      savedConfig: { title: 'mine' },
      base: { versionId: 10 },
      conflict: null,
    });
    expect(notify.saved).toHaveBeenCalledTimes(1);
  });

  it('cancel: back to editing with my edits, and the next save meets the conflict again', async () => {
    const { actor, snapshot } = await inConflict({ save: () => Promise.reject(staleSave()) });
    actor.send({ type: 'CANCEL' });
    expect(snapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(snapshot().context.conflict).toBeNull();
    actor.send({ type: 'SAVE' });
    await flush();
    expect(snapshot().matches('conflict')).toBe(true);
  });

  it('PREVIEW and PROMOTE are not possible from the conflict', async () => {
    const { actor, snapshot, calls } = await inConflict();
    actor.send({ type: 'PREVIEW' });
    actor.send({ type: 'PROMOTE' });
    expect(snapshot().matches('conflict')).toBe(true);
    expect(calls.start).toEqual([]);
  });
});
