import { createStore, type Store } from '../../runtime/store.ts';

/** Ids of the products in the merchant's cart: the cart state source. */
export type CartStateSource = () => Iterable<string> | Promise<Iterable<string>>;

export interface CartButtonSettings {
  productId: string;
  /** Reads the merchant's cart (a global, a cookie, a call: the merchant's choice). */
  cartState: CartStateSource;
  /** Puts the product into the merchant's cart. */
  addToCart(productId: string): void | Promise<void>;
  /** Wait between checks after adding, ms. @default 500 */
  asyncCheckTime?: number;
  /** Checks after adding before giving up. @default 5 */
  asyncMaxAttempts?: number;
  /** Wait between checks after mounting, ms. @default 1000 */
  initCheckInterval?: number;
  /** Checks after mounting (the cart may load after the page). @default 3 */
  initCheckAttempts?: number;
}

export type CartButtonStatus = 'idle' | 'adding' | 'inCart';

export interface CartButtonState {
  status: CartButtonStatus;
}

export interface CartButtonConnector {
  store: Store<CartButtonState>;
  /** Starts the init check: now, then every initCheckInterval, initCheckAttempts times in all. */
  start(): void;
  /** The button was pressed: add, then check every asyncCheckTime up to asyncMaxAttempts times. */
  add(): Promise<void>;
  /** Re-reads the cart once (call it when the merchant's cart changes). */
  refresh(): Promise<void>;
  stop(): void;
}

/** Cart button logic (global component CART_BUTTON, spec §3 and §9); no DOM. */
export function createCartButtonConnector(settings: CartButtonSettings): CartButtonConnector {
  const store = createStore<CartButtonState>({ status: 'idle' });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  const inCart = async (): Promise<boolean> => {
    try {
      return [...(await settings.cartState())].includes(settings.productId);
    } catch (error) {
      console.error('digi: cart state source failed', error);
      return false;
    }
  };

  /** Checks `attempts` times, `interval` ms apart (first check after `firstDelay`). */
  const poll = (
    attempts: number,
    interval: number,
    firstDelay: number,
    onGiveUp: () => void,
  ): void => {
    const attempt = (left: number, delay: number): void => {
      const timer = setTimeout(async () => {
        timers.delete(timer);
        if (stopped) return;
        if (await inCart()) {
          if (!stopped) store.set({ status: 'inCart' });
        } else if (left > 1) attempt(left - 1, interval);
        else onGiveUp();
      }, delay);
      timers.add(timer);
    };
    if (attempts > 0) attempt(attempts, firstDelay);
  };

  return {
    store,
    start() {
      stopped = false;
      poll(settings.initCheckAttempts ?? 3, settings.initCheckInterval ?? 1000, 0, () => undefined);
    },
    async add() {
      if (store.get().status !== 'idle') return;
      store.set({ status: 'adding' });
      try {
        await settings.addToCart(settings.productId);
      } catch (error) {
        console.error('digi: add to cart failed', error);
        store.set({ status: 'idle' });
        return;
      }
      const wait = settings.asyncCheckTime ?? 500;
      poll(settings.asyncMaxAttempts ?? 5, wait, wait, () => store.set({ status: 'idle' }));
    },
    async refresh() {
      store.set({ status: (await inCart()) ? 'inCart' : 'idle' });
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
