import { onTestFinished } from 'vitest';
import { useToastStore, type Toast } from '#src/ui/toast/toast-store.ts';

/**
 * Every toast pushed from now until the test ends. The bar hides a toast after 3 s, which a
 * loaded machine can outlast before an assertion runs; the record keeps them.
 */
export function recordToasts() {
  const seen: Toast[] = [];
  const unsubscribe = useToastStore.subscribe((state, previous) => {
    for (const toast of state.toasts) if (!previous.toasts.includes(toast)) seen.push(toast);
  });
  onTestFinished(unsubscribe);
  return { all: () => [...seen], last: () => seen.at(-1) };
}
