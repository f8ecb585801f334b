import { describe, expect, it, vi } from 'vitest';
import { createFavoriteButtonConnector } from '#storefront/widgets/favorite-button/favorite-button.connector.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('favorite button connector', () => {
  it('toggles add/remove and is blocked while its request runs', async () => {
    const requests: Array<ReturnType<typeof deferred>> = [];
    const toggleFavorite = vi.fn(() => {
      const d = deferred();
      requests.push(d);
      return d.promise;
    });
    const c = createFavoriteButtonConnector({ productId: 'p1', toggleFavorite });
    const first = c.toggle();
    expect(c.store.get()).toEqual({ favorite: false, pending: true });
    void c.toggle();
    expect(toggleFavorite).toHaveBeenCalledTimes(1);
    expect(toggleFavorite).toHaveBeenCalledWith('p1', true);
    requests[0]!.resolve();
    await first;
    expect(c.store.get()).toEqual({ favorite: true, pending: false });
    const second = c.toggle();
    expect(toggleFavorite).toHaveBeenLastCalledWith('p1', false);
    requests[1]!.resolve();
    await second;
    expect(c.store.get().favorite).toBe(false);
  });

  it('logs a failure to the console and keeps the state', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const c = createFavoriteButtonConnector({
      productId: 'p1',
      initial: true,
      toggleFavorite: () => Promise.reject(new Error('500')),
    });
    await c.toggle();
    expect(c.store.get()).toEqual({ favorite: true, pending: false });
    expect(error).toHaveBeenCalledWith('digi: favourite toggle failed', expect.any(Error));
    error.mockRestore();
  });

  it('reads an async initial state', async () => {
    const c = createFavoriteButtonConnector({
      productId: 'p1',
      initial: async () => true,
      toggleFavorite: async () => undefined,
    });
    await c.start();
    expect(c.store.get().favorite).toBe(true);
  });
});
