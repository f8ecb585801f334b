/**
 * The products the shopper's tracking session viewed, as this browser remembers them (local
 * storage, one list per session id: a new session starts an empty one). A recommendation block
 * on a product page adds that product and sends the list, oldest first, so session-aware
 * strategies see the session at once, before the batched view events reach the server.
 */
const KEY = 'digi-recent-views';
/** How many views are kept (the server reads at most 50). */
export const RECENT_VIEWS_KEPT = 20;

interface Remembered {
  sessionId: string;
  ids: string[];
}

function read(storage: Storage, sessionId: string): string[] {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Remembered | null;
    if (value?.sessionId !== sessionId || !Array.isArray(value.ids)) return [];
    return value.ids.filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

/**
 * Adds the page's product (when there is one, and it is not the last view already) to the
 * session's views and answers them, oldest first. Without storage (private modes, sandboxed
 * pages) nothing: the call then sends no views and the server reads the session's tracked
 * views (the page's product last), which it has once the earlier pages' events arrived. Without
 * a session, the page's product alone.
 */
export function rememberView(
  sessionId: string | undefined,
  productId: string | undefined,
  storage: Storage | null = defaultStorage(),
): string[] {
  if (!sessionId) return productId ? [productId] : [];
  if (!storage) return [];
  let ids = read(storage, sessionId);
  if (productId && ids.at(-1) !== productId) ids = [...ids, productId].slice(-RECENT_VIEWS_KEPT);
  try {
    storage.setItem(KEY, JSON.stringify({ sessionId, ids } satisfies Remembered));
  } catch {
    // Full or refused storage: the list still goes with this call.
  }
  return ids;
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
