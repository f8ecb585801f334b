import 'fake-indexeddb/auto';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from '#studio/drafts/drafts.ts';
import { useDraft } from '#studio/drafts/use-draft.ts';
import type { UseDraftOptions } from '#studio/drafts/use-draft.ts';
import { DraftBanner } from '#studio/drafts/draft-banner.tsx';
import { renderEditors } from '../editors/render-editors.tsx';

/** Lets fake-indexeddb finish its transactions (it schedules with the real setImmediate). */
async function idle(): Promise<void> {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
}

const key = (n: number) => draftKey(1, 'autocomplete', `k${n}`);
let n = 0;

afterEach(() => {
  vi.useRealTimers();
});

describe('drafts storage', () => {
  it('saves, loads after a reload (a fresh module and store handle) and clears', async () => {
    const k = key(++n);
    expect(k).toBe(`1:autocomplete:k${n}`);
    expect(draftKey(7, 'search')).toBe('7:search:default');
    await saveDraft(k, { config: { throttle: 500 }, baseVersionId: 3, savedAt: 1000 });

    vi.resetModules();
    const fresh = await import('#studio/drafts/drafts.ts');
    expect(await fresh.loadDraft(k)).toEqual({
      config: { throttle: 500 },
      baseVersionId: 3,
      savedAt: 1000,
    });

    await clearDraft(k);
    expect(await fresh.loadDraft(k)).toBeUndefined();
  });

  it('ignores a stored record that is not a draft', async () => {
    const k = key(++n);
    await saveDraft(k, { config: 1, baseVersionId: null, savedAt: 5 });
    expect(await loadDraft(k)).toMatchObject({ baseVersionId: null });
    // a record written by something else under the same key
    await saveDraft(k, { nope: true } as never);
    expect(await loadDraft(k)).toBeUndefined();
  });
});

describe('useDraft', () => {
  const render = (k: string, value: string, options: UseDraftOptions) =>
    renderHook(
      (props: { value: string; options: UseDraftOptions }) =>
        useDraft(k, props.value, props.options),
      { initialProps: { value, options } },
    );

  it('writes at most every 500 ms while dirty: the first change at once, the last one after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const k = key(++n);
    const hook = render(k, 'v0', { dirty: false, baseVersionId: 4 });
    await act(idle);
    expect(await loadDraft(k)).toBeUndefined();

    hook.rerender({ value: 'v1', options: { dirty: true, baseVersionId: 4 } });
    await act(idle);
    expect(await loadDraft(k)).toMatchObject({ config: 'v1', baseVersionId: 4 });

    vi.advanceTimersByTime(100);
    hook.rerender({ value: 'v2', options: { dirty: true, baseVersionId: 4 } });
    hook.rerender({ value: 'v3', options: { dirty: true, baseVersionId: 4 } });
    await act(idle);
    expect((await loadDraft(k))?.config).toBe('v1');

    await act(async () => {
      vi.advanceTimersByTime(399);
      await idle();
    });
    expect((await loadDraft(k))?.config).toBe('v1');
    await act(async () => {
      vi.advanceTimersByTime(1);
      await idle();
    });
    expect((await loadDraft(k))?.config).toBe('v3');
  });

  it('clears the draft when dirty turns false (saved)', async () => {
    const k = key(++n);
    const hook = render(k, 'a', { dirty: true });
    await act(idle);
    expect((await loadDraft(k))?.config).toBe('a');
    hook.rerender({ value: 'a', options: { dirty: false } });
    await act(idle);
    expect(await loadDraft(k)).toBeUndefined();
  });

  it('offers the draft found on open and never overwrites it before reading it', async () => {
    const k = key(++n);
    await saveDraft(k, { config: 'from last session', baseVersionId: 2, savedAt: 10 });
    const hook = render(k, 'typed now', { dirty: true, baseVersionId: 3 });
    await act(idle);
    expect(hook.result.current.found).toEqual({
      config: 'from last session',
      baseVersionId: 2,
      savedAt: 10,
    });
    // the new edits are stored too, the found draft stays restorable
    expect((await loadDraft(k))?.config).toBe('typed now');
    let restored: unknown;
    act(() => {
      restored = hook.result.current.restore()?.config;
    });
    expect(restored).toBe('from last session');
    expect(hook.result.current.found).toBeNull();
  });

  it('discard deletes the found draft; a remount finds nothing', async () => {
    const k = key(++n);
    await saveDraft(k, { config: 'old', baseVersionId: null, savedAt: 10 });
    const hook = render(k, 'x', { dirty: false });
    await act(idle);
    expect(hook.result.current.found?.config).toBe('old');
    await act(() => hook.result.current.discard());
    expect(hook.result.current.found).toBeNull();
    hook.unmount();
    const again = render(k, 'x', { dirty: false });
    await act(idle);
    expect(again.result.current.found).toBeNull();
    expect(await loadDraft(k)).toBeUndefined();
  });

  it('keeps the last edits when the screen closes inside the interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const k = key(++n);
    const hook = render(k, 'first', { dirty: true });
    await act(idle);
    hook.rerender({ value: 'last', options: { dirty: true } });
    hook.unmount();
    await idle();
    expect((await loadDraft(k))?.config).toBe('last');
  });
});

describe('DraftBanner', () => {
  it('says when the draft is from, restores and discards', async () => {
    const onRestore = vi.fn();
    const onDiscard = vi.fn();
    const savedAt = new Date(2026, 10, 21, 14, 5).getTime();
    const { user } = renderEditors(
      <DraftBanner
        draft={{ savedAt, baseVersionId: 3 }}
        currentVersionId={3}
        onRestore={onRestore}
        onDiscard={onDiscard}
      />,
      { locale: 'en' },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /An unsaved draft from .*2026.* was found/,
    );
    expect(screen.queryByText(/overwrite a newer version/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onRestore).toHaveBeenCalledOnce();
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('warns when the server has a newer version than the draft was based on', () => {
    renderEditors(
      <DraftBanner
        draft={{ savedAt: Date.now(), baseVersionId: 3 }}
        currentVersionId={5}
        onRestore={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('перезапишет более новую версию');
  });
});
