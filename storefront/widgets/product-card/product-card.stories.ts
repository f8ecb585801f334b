import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { runtimeStory } from '../../stories/runtime-host.ts';
import { longTitles, noImage, sample } from '../../stories/story-data.ts';
import type { CardLayout } from '../../runtime/product-view.ts';
import type { FixtureProduct } from '../../fixtures/catalog.ts';
import { mountProductCard } from './product-card.ts';

interface Args {
  product: FixtureProduct;
  layout: CardLayout;
}

const meta: Meta<Args> = {
  title: 'Storefront/Product card',
  args: { product: sample.fashion, layout: 'default' },
  argTypes: {
    layout: { control: 'inline-radio', options: ['default', 'fashion', 'horizontal'] },
    product: { control: false },
  },
  render: ({ product, layout }) =>
    runtimeStory((el) => mountProductCard(el, { product, layout, onBuy: () => undefined })),
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Купить' })).toBeEnabled();
  },
};
export const Fashion: Story = { args: { layout: 'fashion' } };
export const Horizontal: Story = { args: { layout: 'horizontal' } };
export const WithoutSku: Story = { args: { product: sample.plain } };
export const LongTitles: Story = { args: { product: longTitles([sample.fashion])[0]! } };
export const NoImage: Story = { args: { product: noImage(sample.fashion) } };
export const Unavailable: Story = {
  args: { product: sample.unavailable },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Нет в наличии' })).toBeDisabled();
  },
};
export const SizePicker: Story = {
  args: { layout: 'fashion' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Размер' });
    const first = within(group).getAllByRole('button')[0]!;
    await userEvent.click(first);
    await expect(
      await within(group).findByRole(
        'button',
        { name: first.textContent ?? '', pressed: true },
        { timeout: 2000 },
      ),
    ).toBeInTheDocument();
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
