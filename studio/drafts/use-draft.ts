import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from './drafts.ts';
import type { Draft } from './drafts.ts';

export interface UseDraftOptions {
  /** Unsaved edits exist: only then is the value written. Turning false clears the draft. */
  dirty: boolean;
  /** Stored with the draft so a later restore can tell it was based on an older version. */
  baseVersionId?: number | null;
  /** Minimum time between two writes. @default 500 */
  intervalMs?: number;
}

export interface UseDraftResult<T> {
  /** The draft found in storage when the key was opened (null: none, or still reading). */
  found: Draft<T> | null;
  /** Drops the banner and returns the draft; the caller loads `config` into the editor. */
  restore: () => Draft<T> | null;
  /** Deletes the found draft. */
  discard: () => Promise<void>;
  /** Deletes the stored draft now (also done when `dirty` turns false, e.g. after a save). */
  clear: () => Promise<void>;
  /** Writes a pending change now instead of waiting for the interval. */
  flush: () => Promise<void>;
}

/**
 * Keeps `value` in IndexedDB under `key` while `dirty`, at most every `intervalMs` (a throttle:
 * the first change is written at once, later ones at the end of each interval), and offers
 * the draft found there on open. Writes wait until the stored draft has been read, so opening a
 * screen never destroys the draft it should offer.
 */
export function useDraft<T>(
  key: string,
  value: T,
  { dirty, baseVersionId = null, intervalMs = 500 }: UseDraftOptions,
): UseDraftResult<T> {
  // the draft read for a key; a stale key's draft is never shown
  const [opened, setOpened] = useState<{ key: string; draft: Draft<T> | null } | null>(null);
  const found = opened?.key === key ? opened.draft : null;
  const latest = useRef({ key, value, baseVersionId });
  const loadedKey = useRef<string | null>(null);
  const lastWrite = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  // IndexedDB operations run one after another, so a clear never races an earlier write.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const wasDirty = useRef(dirty);
  // whether the stored draft is now this session's own (then discarding the found one keeps it)
  const wroteSinceOpen = useRef(false);

  useEffect(() => {
    latest.current = { key, value, baseVersionId };
  });

  const enqueue = useCallback((op: () => Promise<void>): Promise<void> => {
    const next = chain.current.then(op).catch((error: unknown) => {
      console.error('Draft storage failed', error);
    });
    chain.current = next;
    return next;
  }, []);

  const cancelTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const write = useCallback((): Promise<void> => {
    cancelTimer();
    if (!pending.current || loadedKey.current !== latest.current.key) return chain.current;
    pending.current = false;
    wroteSinceOpen.current = true;
    lastWrite.current = Date.now();
    const { key: k, value: v, baseVersionId: base } = latest.current;
    return enqueue(() => saveDraft(k, { config: v, baseVersionId: base, savedAt: Date.now() }));
  }, [enqueue]);

  const schedule = useCallback(() => {
    pending.current = true;
    if (loadedKey.current !== latest.current.key || timer.current !== null) return;
    const wait = lastWrite.current + intervalMs - Date.now();
    if (wait <= 0) void write();
    else timer.current = setTimeout(() => void write(), wait);
  }, [intervalMs, write]);

  // open: read the stored draft before any write under this key
  useEffect(() => {
    let live = true;
    loadedKey.current = null;
    wroteSinceOpen.current = false;
    void enqueue(async () => {
      const draft = await loadDraft<T>(key);
      if (!live) return;
      setOpened({ key, draft: draft ?? null });
      loadedKey.current = key;
      if (pending.current) schedule();
    });
    return () => {
      live = false;
      // leaving the screen (or switching config) keeps the last edits
      void write();
    };
  }, [key, enqueue, schedule, write]);

  useEffect(() => {
    if (dirty) schedule();
  }, [dirty, value, schedule]);

  useEffect(() => {
    if (wasDirty.current && !dirty) {
      cancelTimer();
      pending.current = false;
      void enqueue(() => clearDraft(key));
    }
    wasDirty.current = dirty;
  }, [dirty, key, enqueue]);

  // a closing tab gets the last edits even inside the interval
  useEffect(() => {
    const onHide = () => void write();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [write]);

  const restore = useCallback((): Draft<T> | null => {
    setOpened({ key, draft: null });
    return found;
  }, [found, key]);

  const discard = useCallback(async () => {
    setOpened({ key, draft: null });
    if (!pending.current && !wroteSinceOpen.current) await enqueue(() => clearDraft(key));
  }, [enqueue, key]);

  const clear = useCallback(async () => {
    cancelTimer();
    pending.current = false;
    await enqueue(() => clearDraft(key));
  }, [enqueue, key]);

  return { found, restore, discard, clear, flush: write };
}
