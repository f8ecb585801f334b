import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createMemorySource } from '../../fixtures/memory-source.ts';
import type { FixtureProduct } from '../../fixtures/catalog.ts';
import type { CardLayout } from '../../runtime/product-view.ts';
import { STORY_TIMEOUT, runtimeStory } from '../../stories/runtime-host.ts';
import { catalog, longTitles, noImage } from '../../stories/story-data.ts';
import { mountInstantSearch } from './instant-search.ts';

interface Args {
  query: string;
  pageSize: number;
  isInfinite: boolean;
  treeFacets: boolean;
  useCategoryPrediction: boolean;
  showUnavailable: boolean;
  layout: CardLayout;
  throttle: number;
  latency: number;
  mobile: boolean;
  products: FixtureProduct[];
}

const meta: Meta<Args> = {
  title: 'Storefront/Instant search',
  args: {
    query: 'кроссовки',
    pageSize: 20,
    isInfinite: false,
    treeFacets: true,
    useCategoryPrediction: true,
    showUnavailable: true,
    layout: 'default',
    throttle: 800,
    latency: 120,
    mobile: false,
    products: catalog,
  },
  argTypes: {
    layout: { control: 'inline-radio', options: ['default', 'fashion', 'horizontal'] },
    products: { control: false },
  },
  parameters: { layout: 'fullscreen' },
  render: ({ query, latency, products, ...settings }) =>
    runtimeStory(
      (el) =>
        mountInstantSearch(el, {
          source: createMemorySource({ products, latency }),
          initialQuery: query,
          ...settings,
          onBuy: () => undefined,
        }),
      { padding: 16 },
    ),
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Найдено \d+/, {}, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
    const facets = within(await canvas.findByRole('complementary', { name: 'Фильтры' }));
    const brand = await facets.findByRole('group', { name: 'Бренд' }, { timeout: STORY_TIMEOUT });
    await userEvent.click(within(brand).getAllByRole('checkbox')[0]!);
    await expect(
      await canvas.findByRole('button', { name: /^Убрать: Бренд/ }, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
  },
};
export const Empty: Story = {
  args: { query: 'zzzzqqq' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      (await canvas.findAllByText(/Ничего не найдено/, {}, { timeout: STORY_TIMEOUT }))[0],
    ).toBeInTheDocument();
  },
};
export const Loading: Story = { args: { latency: 600_000 } };
export const Typo: Story = { args: { query: 'кросовки' } };
export const Infinite: Story = { args: { isInfinite: true, query: '' } };
export const FlatCategories: Story = { args: { treeFacets: false, query: '' } };
export const Fashion: Story = { args: { layout: 'fashion', query: 'платье' } };
export const LongTitles: Story = { args: { products: longTitles(catalog), query: 'куртка' } };
export const NoImage: Story = { args: { products: catalog.map(noImage), query: 'смартфон' } };
export const Unavailable: Story = {
  args: {
    products: catalog.map((p) => ({
      ...p,
      available: false,
      skus: p.skus?.map((s) => ({ ...s, available: false })) ?? [],
    })),
    query: 'наушники',
  },
};
export const Mobile: Story = {
  args: { mobile: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
