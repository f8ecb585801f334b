import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createMemorySource } from '../../fixtures/memory-source.ts';
import { STORY_TIMEOUT, runtimeStory } from '../../stories/runtime-host.ts';
import { catalog, longTitles, noImage } from '../../stories/story-data.ts';
import type { FixtureProduct } from '../../fixtures/catalog.ts';
import { AUTOCOMPLETE_BLOCKS, type AutocompleteBlock } from './autocomplete.connector.ts';
import { mountAutocomplete } from './autocomplete.ts';

interface Args {
  blocks: AutocompleteBlock[];
  throttle: number;
  productsShown: number;
  latency: number;
  products: FixtureProduct[];
  history: string[];
}

const meta: Meta<Args> = {
  title: 'Storefront/Autocomplete',
  args: {
    blocks: [...AUTOCOMPLETE_BLOCKS],
    throttle: 300,
    productsShown: 6,
    latency: 80,
    products: catalog,
    history: [],
  },
  argTypes: {
    blocks: { control: 'check', options: AUTOCOMPLETE_BLOCKS },
    products: { control: false },
  },
  render: ({ blocks, throttle, productsShown, latency, products, history }) =>
    runtimeStory(
      (el) => {
        localStorage.setItem('digi-search-history', JSON.stringify(history));
        return mountAutocomplete(el, {
          source: createMemorySource({ products, latency }),
          blocks,
          throttle,
          productsShown,
          onChoose: () => undefined,
        });
      },
      { minHeight: 520, maxWidth: 880 },
    ),
};
export default meta;
type Story = StoryObj<Args>;

async function typeQuery(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  const input = await canvas.findByRole('combobox', { name: 'Поиск' });
  await userEvent.type(input, text);
  return { canvas, input };
}

/** Keyboard navigation: arrows walk the options (aria-activedescendant), Escape closes. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    // The arrows run on the whole query's answer: an earlier one (the focused empty box's, a
    // first letter's) may list options too, and the next answer resets the active one. Pasted,
    // the query is one input; the empty box's answer has no products, the query's has.
    const canvas = within(canvasElement);
    const input = await canvas.findByRole('combobox', { name: 'Поиск' });
    await userEvent.click(input);
    await userEvent.paste('кроссовки');
    await waitFor(
      () =>
        expect(
          canvasElement.querySelectorAll('[role="option"].digi-autocomplete__item--product').length,
        ).toBeGreaterThan(0),
      { timeout: STORY_TIMEOUT },
    );
    await userEvent.keyboard('{ArrowDown}');
    const options = canvas.getAllByRole('option');
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await typeQuery(canvasElement, 'zzzzqqq');
    await expect(
      await canvas.findByText('Ничего не найдено', {}, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { latency: 600_000 },
  play: async ({ canvasElement }) => {
    const { canvas } = await typeQuery(canvasElement, 'куртка');
    await expect(
      await canvas.findByText('Загрузка…', {}, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
  },
};

export const History: Story = {
  args: { history: ['кеды converse', 'платье миди', 'наушники sony'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Поиск' }));
    await expect(
      await canvas.findByRole('group', { name: 'Вы искали' }, { timeout: STORY_TIMEOUT }),
    ).toBeInTheDocument();
  },
};

export const LongTitles: Story = {
  args: { products: longTitles(catalog) },
  play: async ({ canvasElement }) => void (await typeQuery(canvasElement, 'куртка')),
};

export const NoImage: Story = {
  args: { products: catalog.map(noImage) },
  play: async ({ canvasElement }) => void (await typeQuery(canvasElement, 'смартфон')),
};

export const Unavailable: Story = {
  args: { products: catalog.map((p) => ({ ...p, available: false })) },
  play: async ({ canvasElement }) => void (await typeQuery(canvasElement, 'наушники')),
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { productsShown: 3 },
  play: async ({ canvasElement }) => void (await typeQuery(canvasElement, 'платье')),
};
