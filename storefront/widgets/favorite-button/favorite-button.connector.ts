import { createStore, type Store } from '../../runtime/store.ts';

export interface FavoriteButtonSettings {
  productId: string;
  /** Whether the product is a favourite when the button mounts. @default false */
  initial?: boolean | (() => boolean | Promise<boolean>);
  /** Adds (`add` true) or removes the product; the button is blocked until it settles. */
  toggleFavorite(productId: string, add: boolean): Promise<void>;
}

export interface FavoriteButtonState {
  favorite: boolean;
  /** A toggle request runs: the button is blocked (spec §4). */
  pending: boolean;
}

export interface FavoriteButtonConnector {
  store: Store<FavoriteButtonState>;
  start(): Promise<void>;
  /** Toggles unless a request runs; a failure is logged to the console and changes nothing. */
  toggle(): Promise<void>;
}

/** Favourite button logic (global component FAVORITE_BUTTON); no DOM. */
export function createFavoriteButtonConnector(
  settings: FavoriteButtonSettings,
): FavoriteButtonConnector {
  const store = createStore<FavoriteButtonState>({
    favorite: typeof settings.initial === 'boolean' ? settings.initial : false,
    pending: false,
  });
  return {
    store,
    async start() {
      if (typeof settings.initial !== 'function') return;
      try {
        store.set({ favorite: await settings.initial() });
      } catch (error) {
        console.error('digi: favourite state failed', error);
      }
    },
    async toggle() {
      const { favorite, pending } = store.get();
      if (pending) return;
      store.set({ pending: true });
      try {
        await settings.toggleFavorite(settings.productId, !favorite);
        store.set({ favorite: !favorite, pending: false });
      } catch (error) {
        console.error('digi: favourite toggle failed', error);
        store.set({ pending: false });
      }
    },
  };
}
