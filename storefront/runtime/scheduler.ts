/**
 * How long after a change each part re-renders, in ms (spec part 1 §4). Changes arriving while a
 * part waits are folded into that one render.
 */
export const PART_DELAYS: Readonly<Record<string, number>> = {
  highlight: 200,
  common: 500,
  facets: 500,
  filters: 150,
  productList: 500,
  productItem: 500,
  pagination: 200,
  autocomplete: 500,
  sort: 200,
  facetCommon: 300,
  facetSlider: 300,
  facetBoolean: 400,
  facetTreeList: 400,
  facetCategory: 400,
};

/** Delay of a part the list does not name (spec: "default 50"). */
export const DEFAULT_PART_DELAY = 50;

export function partDelay(part: string, overrides?: Readonly<Record<string, number>>): number {
  return overrides?.[part] ?? PART_DELAYS[part] ?? DEFAULT_PART_DELAY;
}

export interface PartScheduler {
  /** Runs `task` for `part` after the part's delay, unless one is already waiting. */
  schedule(part: string, task: () => void): void;
  /** Runs every waiting task now (tests, and before dispose). */
  flush(): void;
  /** True when a part waits for its render. */
  isPending(part?: string): boolean;
  cancel(): void;
}

export function createPartScheduler(delays?: Readonly<Record<string, number>>): PartScheduler {
  const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; task: () => void }>();
  const run = (part: string): void => {
    const entry = waiting.get(part);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    waiting.delete(part);
    entry.task();
  };
  return {
    schedule(part, task) {
      const entry = waiting.get(part);
      if (entry !== undefined) {
        entry.task = task;
        return;
      }
      const timer = setTimeout(() => run(part), partDelay(part, delays));
      waiting.set(part, { timer, task });
    },
    flush() {
      // A render may schedule children; loop until nothing waits.
      for (let guard = 0; waiting.size > 0 && guard < 100; guard += 1) {
        for (const part of [...waiting.keys()]) run(part);
      }
    },
    isPending(part) {
      return part === undefined ? waiting.size > 0 : waiting.has(part);
    },
    cancel() {
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
