import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import {
  mountAutocomplete,
  type AutocompleteOptions,
  type AutocompleteWidget,
} from '#storefront/widgets/autocomplete/autocomplete.ts';

let widget: AutocompleteWidget | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  widget?.dispose();
  widget = undefined;
  document.body.replaceChildren();
});

function mount(onChoose = vi.fn(), settings: Partial<AutocompleteOptions> = {}) {
  const container = document.body.appendChild(document.createElement('div'));
  widget = mountAutocomplete(container, {
    source: createMemorySource(),
    onChoose,
    throttle: 0,
    delays: { autocomplete: 0 },
    ...settings,
  });
  return { onChoose, input: screen.getByRole('combobox', { name: 'Поиск' }) };
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 5));
  widget!.flush();
}

describe('autocomplete widget', { timeout: 20_000 }, () => {
  it('is a WAI-ARIA combobox: expanded listbox with grouped options', async () => {
    const { input } = mount();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, 'кроссовки');
    await settle();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Товары' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Часто ищут' })).toBeInTheDocument();
    expect(listbox.querySelector('mark.digi-highlight')).not.toBeNull();
  });

  it('walks the options with the arrow keys and chooses with Enter', async () => {
    const { input, onChoose } = mount();
    await userEvent.type(input, 'кроссовки');
    await settle();
    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith({
      type: 'search',
      query: options[0]!.textContent!.trim().replace(/\s*\d+$/, ''),
    });
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and keeps searches in the history (localStorage)', async () => {
    const { input } = mount();
    await userEvent.type(input, 'кеды{Enter}');
    expect(JSON.parse(localStorage.getItem('digi-search-history')!)).toEqual(['кеды']);
    await userEvent.clear(input);
    await settle();
    expect(screen.getByRole('group', { name: 'Вы искали' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('restores a site input on dispose', () => {
    const siteInput = document.body.appendChild(document.createElement('input'));
    const container = document.body.appendChild(document.createElement('div'));
    const w = mountAutocomplete(container, { source: createMemorySource(), input: siteInput });
    expect(siteInput).toHaveAttribute('role', 'combobox');
    w.dispose();
    expect(siteInput).not.toHaveAttribute('role');
    expect(siteInput).not.toHaveAttribute('aria-controls');
  });

  it('shows the products as the card type says: pictures and brands, or a line of name and price', async () => {
    const products = async (cardType?: AutocompleteOptions['cardType']) => {
      widget?.dispose();
      document.body.replaceChildren();
      const { input } = mount(vi.fn(), cardType ? { cardType } : {});
      await userEvent.type(input, 'кроссовки');
      await settle();
      return screen.getByRole('group', { name: 'Товары' });
    };
    const small = await products();
    expect(small).toHaveClass('digi-autocomplete__block--small');
    expect(small.querySelector('.digi-autocomplete__picture')).not.toBeNull();
    expect(small.querySelector('.digi-autocomplete__brand')).toBeNull();
    const big = await products('HORIZONTAL_BIG_CARD');
    expect(big).toHaveClass('digi-autocomplete__block--big');
    expect(big.querySelector('.digi-autocomplete__brand')).not.toBeNull();
    expect(await products('VERTICAL')).toHaveClass('digi-autocomplete__block--vertical');
    const legacy = await products('LEGACY');
    expect(legacy).toHaveClass('digi-autocomplete__block--legacy');
    expect(legacy.querySelector('.digi-autocomplete__picture')).toBeNull();
    expect(within(legacy).getAllByRole('option')[0]).toHaveTextContent(/₽/);
  });

  it('shows the top brands and categories only, and the content pages when asked for them', async () => {
    const memory = createMemorySource();
    const asked: Array<Record<string, unknown>> = [];
    const answered = { brands: 0, categories: 0 };
    const source = {
      ...memory,
      autocomplete: async (...args: Parameters<typeof memory.autocomplete>) => {
        asked.push({ ...args[0] });
        const answer = await memory.autocomplete(...args);
        answered.brands = answer.brands.length;
        answered.categories = answer.categories.length;
        const pages = [1, 2, 3].map((n) => ({
          id: `p${n}`,
          url: `https://shop.example/info/${n}`,
          title: `Как выбрать кроссовки, часть ${n}`,
          snippet: '',
        }));
        return { ...answer, contents: args[0].withContent ? pages : [] };
      },
    };
    const container = document.body.appendChild(document.createElement('div'));
    widget = mountAutocomplete(container, {
      source,
      throttle: 0,
      delays: { autocomplete: 0 },
      brandsShown: 1,
      categoriesShown: 1,
      withContent: true,
      contentsShown: 2,
    });
    await userEvent.type(screen.getByRole('combobox', { name: 'Поиск' }), 'кроссовки');
    await settle();
    expect(asked.at(-1)).toMatchObject({ withContent: 'true', contentsSize: 2 });
    expect(answered.brands).toBeGreaterThan(1);
    expect(answered.categories).toBeGreaterThan(1);
    expect(
      within(screen.getByRole('group', { name: 'Бренды' })).getAllByRole('option'),
    ).toHaveLength(1);
    expect(
      within(screen.getByRole('group', { name: 'Категории' })).getAllByRole('option'),
    ).toHaveLength(1);
    const pages = within(screen.getByRole('group', { name: 'Страницы сайта' })).getAllByRole(
      'option',
    );
    expect(pages.map((page) => page.textContent?.trim())).toEqual([
      'Как выбрать кроссовки, часть 1',
      'Как выбрать кроссовки, часть 2',
    ]);
  });

  it('types what the shopper says into the input with the voice button, in the set language', async () => {
    const started: string[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = true;
      onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      start() {
        started.push(this.lang);
        this.onresult?.({ results: [[{ transcript: 'кроссовки' }]] });
        this.onend?.();
      }
      stop() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    try {
      const { input } = mount(vi.fn(), { speechRecognition: true, speechLanguage: 'kk-KZ' });
      await userEvent.click(screen.getByRole('button', { name: 'Голосовой поиск' }));
      await settle();
      expect(started).toEqual(['kk-KZ']);
      expect(input).toHaveValue('кроссовки');
      expect(screen.getByRole('group', { name: 'Товары' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows no voice button when the setting is off or the browser cannot listen', () => {
    mount(vi.fn(), { speechRecognition: true });
    expect(screen.queryByRole('button', { name: 'Голосовой поиск' })).toBeNull();
  });
});
