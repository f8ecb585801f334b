import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RecommendationStrategy } from '#contract/public/recommendations.ts';
import { createMemorySource } from '../../fixtures/memory-source.ts';
import type { FixtureProduct } from '../../fixtures/catalog.ts';
import { STORY_TIMEOUT, runtimeStory } from '../../stories/runtime-host.ts';
import { catalog, longTitles, noImage, sample } from '../../stories/story-data.ts';
import { mountRecommendations } from './recommendations.ts';

interface Args {
  message: string;
  strategy: RecommendationStrategy;
  infiniteListMode: boolean;
  swiperPaginationEnabled: boolean;
  loop: boolean;
  lazyLoad: boolean;
  showUnavailable: boolean;
  mobile: boolean;
  latency: number;
  products: FixtureProduct[];
}

const meta: Meta<Args> = {
  title: 'Storefront/Recommendation block',
  args: {
    message: 'С этим товаром покупают',
    strategy: 'popular',
    infiniteListMode: false,
    swiperPaginationEnabled: true,
    loop: false,
    lazyLoad: true,
    showUnavailable: false,
    mobile: false,
    latency: 150,
    products: catalog,
  },
  argTypes: {
    strategy: { control: 'inline-radio', options: ['popular', 'same_category', 'similar_price'] },
    products: { control: false },
  },
  render: ({ infiniteListMode, swiperPaginationEnabled, loop, latency, products, ...settings }) =>
    runtimeStory(
      (el) =>
        mountRecommendations(el, {
          source: createMemorySource({ products, latency }),
          productId: sample.fashion.id,
          ...settings,
          swiperOptions: { swiperPaginationEnabled, loop },
          infinityListOptions: { infiniteListMode },
        }),
      { maxWidth: 1200, padding: '0 24px' },
    ),
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      (await canvas.findAllByRole('button', { name: 'Купить' }, { timeout: STORY_TIMEOUT })).length,
    ).toBeGreaterThan(0);
  },
};
export const SameCategory: Story = {
  args: { strategy: 'same_category', message: 'Похожие товары' },
};
export const SimilarPrice: Story = {
  args: { strategy: 'similar_price', message: 'В той же цене' },
};
export const InfiniteList: Story = { args: { infiniteListMode: true } };
export const Loading: Story = { args: { latency: 600_000 } };
export const Empty: Story = { args: { products: [] } };
export const LongTitles: Story = { args: { products: longTitles(catalog) } };
export const NoImage: Story = { args: { products: catalog.map(noImage) } };
export const Unavailable: Story = {
  args: { showUnavailable: true, products: catalog.filter((p) => !p.available) },
};
export const Mobile: Story = {
  args: { mobile: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
