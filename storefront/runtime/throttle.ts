export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call. */
  cancel(): void;
}

/**
 * Calls `fn` at once, then at most once per `ms` with the latest arguments (leading and trailing
 * edges), so the last keystroke is always searched.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): Throttled<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A): void => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A): void => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(
        () => {
          timer = undefined;
          if (pending !== undefined) {
            const next = pending;
            pending = undefined;
            run(next);
          }
        },
        Math.max(wait, 0),
      );
    }
  };
  throttled.cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
