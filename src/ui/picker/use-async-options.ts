import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads options for a search text, cancelling the previous load; errors leave the list empty.
 * `loadedFor` is the text the shown items were found for.
 */
export function useAsyncOptions<T>(search: (query: string, signal: AbortSignal) => Promise<T[]>) {
  const [found, setFound] = useState<{ items: T[]; query: string | null }>({
    items: [],
    query: null,
  });
  const [loading, setLoading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  const load = useCallback((query: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setLoading(true);
    searchRef
      .current(query, current.signal)
      .then((items) => {
        if (!current.signal.aborted) setFound({ items, query: query.trim() });
      })
      .catch(() => {
        if (!current.signal.aborted) setFound({ items: [], query: query.trim() });
      })
      .finally(() => {
        if (!current.signal.aborted) setLoading(false);
      });
  }, []);
  useEffect(() => () => controller.current?.abort(), []);
  return { items: found.items, loading, load, loadedFor: found.query };
}
