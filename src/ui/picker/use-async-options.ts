import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads options for a search text, cancelling the previous load; errors leave the list empty. */
export function useAsyncOptions<T>(search: (query: string, signal: AbortSignal) => Promise<T[]>) {
  const [items, setItems] = useState<T[]>([]);
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
      .then((found) => {
        if (!current.signal.aborted) setItems(found);
      })
      .catch(() => {
        if (!current.signal.aborted) setItems([]);
      })
      .finally(() => {
        if (!current.signal.aborted) setLoading(false);
      });
  }, []);
  useEffect(() => () => controller.current?.abort(), []);
  return { items, loading, load };
}
