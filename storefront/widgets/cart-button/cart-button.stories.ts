import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { STORY_TIMEOUT, runtimeStory } from '../../stories/runtime-host.ts';
import { mountCartButton } from './cart-button.ts';

interface Args {
  /** Products already in the cart when the button mounts. */
  inCart: boolean;
  /** How long the merchant's cart takes to show an added product, ms. */
  cartDelay: number;
  asyncCheckTime: number;
  asyncMaxAttempts: number;
}

const meta: Meta<Args> = {
  title: 'Storefront/Cart button',
  args: { inCart: false, cartDelay: 300, asyncCheckTime: 500, asyncMaxAttempts: 5 },
  render: ({ inCart, cartDelay, asyncCheckTime, asyncMaxAttempts }) =>
    runtimeStory((el) => {
      // A stand-in for the merchant's cart: adds after `cartDelay` ms.
      const cart = new Set<string>(inCart ? ['1001'] : []);
      return mountCartButton(el, {
        productId: '1001',
        cartState: () => cart,
        addToCart: (id) => void setTimeout(() => cart.add(id), cartDelay),
        asyncCheckTime,
        asyncMaxAttempts,
      });
    }),
};
export default meta;
type Story = StoryObj<Args>;

/** Press 'В корзину': after the cart shows the product the button says 'В корзине'. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'В корзину' }));
    await expect(
      await canvas.findByRole('button', { name: 'В корзине' }, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
  },
};

export const InCart: Story = {
  args: { inCart: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'В корзине' }, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
  },
};

/** The cart never shows the product within 5 × 500 ms: the button goes back to 'В корзину'. */
export const CartNeverUpdates: Story = { args: { cartDelay: 60_000 } };
