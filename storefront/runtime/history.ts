/** Search history of the autocomplete, kept in localStorage. */
export const HISTORY_KEY = 'digi-search-history';
export const HISTORY_LIMIT = 10;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage blocked (privacy mode, sandboxed frame).
  }
}

export function readHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(HISTORY_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((q): q is string => typeof q === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts `query` first, without duplicates, keeping the last HISTORY_LIMIT queries. */
export function pushHistory(query: string): string[] {
  const text = query.trim();
  if (text === '') return readHistory();
  const next = [text, ...readHistory().filter((q) => q.toLowerCase() !== text.toLowerCase())].slice(
    0,
    HISTORY_LIMIT,
  );
  try {
    storage()?.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Quota or blocked storage: history is a nicety.
  }
  return next;
}

export function clearHistory(): void {
  try {
    storage()?.removeItem(HISTORY_KEY);
  } catch {
    // Ignore.
  }
}
