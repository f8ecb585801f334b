import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { FixtureProduct } from '../../fixtures/catalog.ts';
import type { CardLayout } from '../../runtime/product-view.ts';
import { STORY_TIMEOUT, runtimeStory } from '../../stories/runtime-host.ts';
import { catalog, longTitles, noImage } from '../../stories/story-data.ts';
import { mountSlider } from './slider.ts';

interface Args {
  title: string;
  perView: number;
  loop: boolean;
  layout: CardLayout;
  products: FixtureProduct[];
}

const meta: Meta<Args> = {
  title: 'Storefront/Slider',
  args: {
    title: 'Хиты продаж',
    perView: 4,
    loop: false,
    layout: 'default',
    products: catalog.slice(0, 10),
  },
  argTypes: {
    perView: { control: { type: 'range', min: 1, max: 6 } },
    layout: { control: 'inline-radio', options: ['default', 'fashion', 'horizontal'] },
    products: { control: false },
  },
  render: ({ products, ...settings }) =>
    runtimeStory((el) => mountSlider(el, { products, ...settings }), {
      maxWidth: 1100,
      padding: '0 16px',
    }),
};
export default meta;
type Story = StoryObj<Args>;

/** Slider navigation: next moves one slide, the dots follow, the ends disable the arrows. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = await canvas.findByRole('button', { name: 'Вперёд' });
    await expect(canvas.getByRole('button', { name: 'Назад' })).toBeDisabled();
    await userEvent.click(next);
    await waitFor(
      () =>
        expect(canvas.getByRole('button', { name: 'Слайд 2' })).toHaveAttribute(
          'aria-current',
          'true',
        ),
      { timeout: STORY_TIMEOUT },
    );
    await expect(canvas.getByRole('button', { name: 'Назад' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Слайд 7' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Вперёд' })).toBeDisabled(), {
      timeout: STORY_TIMEOUT,
    });
  },
};
export const Loop: Story = { args: { loop: true } };
export const Fashion: Story = {
  args: {
    layout: 'fashion',
    products: catalog.filter((p) => p.categoryId === '111' || p.categoryId === '112').slice(0, 8),
  },
};
export const Empty: Story = { args: { products: [] } };
export const LongTitles: Story = { args: { products: longTitles(catalog.slice(0, 8)) } };
export const NoImage: Story = { args: { products: catalog.slice(0, 8).map(noImage) } };
export const Unavailable: Story = {
  args: { products: catalog.filter((p) => !p.available).slice(0, 8) },
};
export const Mobile: Story = {
  args: { perView: 2 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
