import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import {
  mountCartButton,
  type CartButtonWidget,
} from '#storefront/widgets/cart-button/cart-button.ts';
import {
  mountFavoriteButton,
  type FavoriteButtonWidget,
} from '#storefront/widgets/favorite-button/favorite-button.ts';

let widgets: Array<CartButtonWidget | FavoriteButtonWidget> = [];
afterEach(() => {
  for (const w of widgets) w.dispose();
  widgets = [];
  document.body.replaceChildren();
  vi.useRealTimers();
});
const container = () => document.body.appendChild(document.createElement('div'));

describe('cart button widget', { timeout: 20_000 }, () => {
  it("shows 'В корзину', adds, and switches to 'В корзине' when the cart has the product", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const cart = new Set<string>();
    const widget = mountCartButton(container(), {
      productId: '42',
      cartState: () => cart,
      addToCart: (id) => void cart.add(id),
      delays: { cartButton: 0 },
    });
    widgets.push(widget);
    const button = screen.getByRole('button', { name: 'В корзину' });
    expect(button.closest('#digi-shield')).not.toBeNull();
    await userEvent.click(button);
    await vi.advanceTimersByTimeAsync(500);
    widget.flush();
    expect(screen.getByRole('button', { name: 'В корзине' })).toHaveClass(
      'digi-cart-button--in-cart',
    );
  });
});

describe('favorite button widget', { timeout: 20_000 }, () => {
  it('toggles aria-pressed and is disabled while the request runs', async () => {
    let release: () => void = () => undefined;
    const widget = mountFavoriteButton(container(), {
      productId: '42',
      toggleFavorite: () => new Promise<void>((resolve) => (release = resolve)),
      delays: { favoriteButton: 0 },
    });
    widgets.push(widget);
    const button = screen.getByRole('button', { name: 'В избранное' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    widget.flush();
    expect(screen.getByRole('button', { name: 'В избранное' })).toBeDisabled();
    release();
    await Promise.resolve();
    await Promise.resolve();
    widget.flush();
    expect(screen.getByRole('button', { name: 'В избранное' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'В избранное' })).toBeEnabled();
  });
});
