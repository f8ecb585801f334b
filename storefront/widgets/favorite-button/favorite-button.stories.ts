import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STORY_TIMEOUT, runtimeStory } from '../../stories/runtime-host.ts';
import { mountFavoriteButton } from './favorite-button.ts';

interface Args {
  initial: boolean;
  /** How long the favourites request takes, ms. */
  latency: number;
  /** The request fails (logged to the console, state unchanged). */
  fail: boolean;
}

const meta: Meta<Args> = {
  title: 'Storefront/Favorite button',
  args: { initial: false, latency: 400, fail: false },
  render: ({ initial, latency, fail }) =>
    runtimeStory((el) =>
      mountFavoriteButton(el, {
        productId: '1001',
        initial,
        toggleFavorite: () =>
          new Promise((resolve, reject) =>
            setTimeout(
              () => (fail ? reject(new Error('favourites are down')) : resolve()),
              latency,
            ),
          ),
      }),
    ),
};
export default meta;
type Story = StoryObj<Args>;

/** Toggle: blocked while its request runs, then pressed. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'В избранное' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(
      () => expect(canvas.getByRole('button', { name: 'В избранное' })).toBeDisabled(),
      {
        timeout: STORY_TIMEOUT,
      },
    );
    await waitFor(
      () =>
        expect(canvas.getByRole('button', { name: 'В избранное' })).toHaveAttribute(
          'aria-pressed',
          'true',
        ),
      { timeout: STORY_TIMEOUT },
    );
    await expect(canvas.getByRole('button', { name: 'В избранное' })).toBeEnabled();
  },
};

export const Active: Story = { args: { initial: true } };
export const Failing: Story = { args: { fail: true } };
