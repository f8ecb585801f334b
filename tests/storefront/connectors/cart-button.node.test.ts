import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartButtonConnector } from '#storefront/widgets/cart-button/cart-button.connector.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('cart button connector', () => {
  it('init check: looks at once, then every 1000 ms, 3 times in all', async () => {
    const cart: string[] = [];
    const cartState = vi.fn(() => cart);
    const c = createCartButtonConnector({ productId: 'p1', cartState, addToCart: () => undefined });
    c.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(cartState).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(cartState).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(cartState).toHaveBeenCalledTimes(2);
    cart.push('p1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(cartState).toHaveBeenCalledTimes(3);
    expect(c.store.get().status).toBe('inCart');
    await vi.advanceTimersByTimeAsync(5000);
    expect(cartState).toHaveBeenCalledTimes(3);
  });

  it('async check after adding: every 500 ms, up to 5 attempts, then back to idle', async () => {
    const cartState = vi.fn(() => [] as string[]);
    const addToCart = vi.fn();
    const c = createCartButtonConnector({
      productId: 'p1',
      cartState,
      addToCart,
      initCheckAttempts: 0,
    });
    await c.add();
    expect(addToCart).toHaveBeenCalledWith('p1');
    expect(c.store.get().status).toBe('adding');
    await vi.advanceTimersByTimeAsync(499);
    expect(cartState).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(cartState).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(cartState).toHaveBeenCalledTimes(5);
    expect(c.store.get().status).toBe('idle');
    await vi.advanceTimersByTimeAsync(5000);
    expect(cartState).toHaveBeenCalledTimes(5);
  });

  it("becomes 'inCart' as soon as the cart shows the product", async () => {
    const cart = new Set<string>();
    const c = createCartButtonConnector({
      productId: 'p1',
      cartState: async () => cart,
      addToCart: () => {
        setTimeout(() => cart.add('p1'), 1200);
      },
      initCheckAttempts: 0,
    });
    await c.add();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.store.get().status).toBe('adding');
    await vi.advanceTimersByTimeAsync(500);
    expect(c.store.get().status).toBe('inCart');
  });

  it('ignores presses while adding and recovers from a failing addToCart', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const addToCart = vi.fn().mockRejectedValueOnce(new Error('down'));
    const c = createCartButtonConnector({ productId: 'p1', cartState: () => [], addToCart });
    await c.add();
    expect(c.store.get().status).toBe('idle');
    expect(error).toHaveBeenCalled();
    void c.add();
    void c.add();
    expect(addToCart).toHaveBeenCalledTimes(2);
    c.stop();
    error.mockRestore();
  });
});
