/**
 * Unsaved studio edits kept in IndexedDB (idb-keyval), so they survive a reload and a closed
 * tab. A draft remembers the version it was based on: the screen compares it with the server's
 * current version and warns instead of silently overwriting a newer one.
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

export interface Draft<T = unknown> {
  config: T;
  /** The server version the edits started from; null for a config never saved. */
  baseVersionId: number | null;
  /** Epoch milliseconds of the last write. */
  savedAt: number;
}

/** `${siteId}:${kind}:${configKey}`; single configs use the key `default`. */
export function draftKey(
  siteId: number | string,
  kind: string,
  configKey: number | string = 'default',
): string {
  return `${siteId}:${kind}:${configKey}`;
}

let store: UseStore | undefined;
// Created on first use: tests install fake-indexeddb before anything touches the database.
const draftsStore = (): UseStore => (store ??= createStore('vitrina-drafts', 'drafts'));

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    'config' in d &&
    typeof d.savedAt === 'number' &&
    (d.baseVersionId === null || typeof d.baseVersionId === 'number')
  );
}

export async function saveDraft<T>(key: string, draft: Draft<T>): Promise<void> {
  await set(key, draft, draftsStore());
}

/** The stored draft, or undefined (also for a record that is not a draft). */
export async function loadDraft<T = unknown>(key: string): Promise<Draft<T> | undefined> {
  const value: unknown = await get(key, draftsStore());
  return isDraft(value) ? (value as Draft<T>) : undefined;
}

export async function clearDraft(key: string): Promise<void> {
  await del(key, draftsStore());
}
