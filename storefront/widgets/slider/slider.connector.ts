import { createStore, type Store } from '../../runtime/store.ts';

export interface SliderSettings {
  /** Slides visible at once. @default 4 */
  perView?: number;
  /** Slides one press moves. @default 1 */
  perGroup?: number;
  /** After the last slide comes the first. @default false */
  loop?: boolean;
}

export interface SliderState {
  /** Index of the first visible slide. */
  index: number;
  count: number;
  perView: number;
}

export interface SliderConnector {
  store: Store<SliderState>;
  next(): void;
  prev(): void;
  goTo(index: number): void;
  setCount(count: number): void;
  setPerView(perView: number): void;
  canPrev(): boolean;
  canNext(): boolean;
  /** Number of positions the first visible slide can take. */
  positions(): number;
}

/** Slider (global component SLIDER) logic: which slides show; no DOM. */
export function createSliderConnector(
  count: number,
  settings: SliderSettings = {},
): SliderConnector {
  const perGroup = settings.perGroup ?? 1;
  const store = createStore<SliderState>({ index: 0, count, perView: settings.perView ?? 4 });
  const lastIndex = (): number => Math.max(0, store.get().count - store.get().perView);
  const clamp = (i: number): number => Math.min(Math.max(0, i), lastIndex());
  const api: SliderConnector = {
    store,
    next() {
      const { index } = store.get();
      if (index >= lastIndex()) {
        if (settings.loop) store.set({ index: 0 });
        return;
      }
      store.set({ index: clamp(index + perGroup) });
    },
    prev() {
      const { index } = store.get();
      if (index <= 0) {
        if (settings.loop) store.set({ index: lastIndex() });
        return;
      }
      store.set({ index: clamp(index - perGroup) });
    },
    goTo: (i) => store.set({ index: clamp(i) }),
    setCount(next) {
      store.set({ count: next });
      store.set({ index: clamp(store.get().index) });
    },
    setPerView(perView) {
      store.set({ perView: Math.max(1, perView) });
      store.set({ index: clamp(store.get().index) });
    },
    canPrev: () => settings.loop === true || store.get().index > 0,
    canNext: () => settings.loop === true || store.get().index < lastIndex(),
    positions: () => lastIndex() + 1,
  };
  return api;
}
