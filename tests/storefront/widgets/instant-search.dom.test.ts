import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import {
  mountInstantSearch,
  type InstantSearchWidget,
} from '#storefront/widgets/instant-search/instant-search.ts';

let widget: InstantSearchWidget | undefined;
afterEach(() => {
  widget?.dispose();
  widget = undefined;
  document.body.replaceChildren();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
async function settle() {
  await tick();
  widget!.flush();
}

async function mount(options: Partial<Parameters<typeof mountInstantSearch>[1]> = {}) {
  const container = document.body.appendChild(document.createElement('div'));
  widget = mountInstantSearch(container, {
    source: createMemorySource(),
    throttle: 0,
    delays: {},
    treeFacets: true,
    ...options,
  });
  await settle();
}

describe('instant search widget', { timeout: 20_000 }, () => {
  it('renders header, facets of every kind, sort, 20 cards and pagination', async () => {
    await mount({ initialQuery: 'кроссовки' });
    expect(screen.getByText(/Найдено \d+ товар/)).toBeInTheDocument();
    expect(document.querySelectorAll('.digi-card')).toHaveLength(20);
    const facets = within(screen.getByRole('complementary', { name: 'Фильтры' }));
    for (const legend of ['Бренд', 'Цена, ₽', 'Скидка, %', 'Категория', 'Размер', 'Цвет']) {
      expect(facets.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: /В наличии/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('DEFAULT');
    expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('filters by a brand checkbox, shows the chip and removes it', async () => {
    await mount({ initialQuery: 'кроссовки' });
    const brands = screen.getByRole('group', { name: 'Бренд' });
    await userEvent.click(within(brands).getByRole('checkbox', { name: /Nike/ }));
    await settle();
    await settle();
    expect(document.querySelectorAll('.digi-card__brand').length).toBeGreaterThan(0);
    for (const el of document.querySelectorAll('.digi-card__brand'))
      expect(el.textContent).toBe('Nike');
    const chip = screen.getByRole('button', { name: 'Убрать: Бренд Nike' });
    await userEvent.click(chip);
    await settle();
    await settle();
    expect(screen.queryByRole('button', { name: 'Убрать: Бренд Nike' })).toBeNull();
  });

  it('sorts, pages and types', async () => {
    await mount({ browseWithoutQuery: true });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Сортировка' }),
      'PRICE_ASC',
    );
    await settle();
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Страница 2' }));
    await settle();
    await settle();
    expect(screen.getByRole('button', { name: 'Страница 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'смартфон');
    await settle();
    await settle();
    expect(screen.getByText(/по запросу/)).toHaveTextContent('смартфон');
    expect(document.querySelector('.digi-card__name mark.digi-highlight')).not.toBeNull();
  });

  it('corrects a misspelt query and offers load-more in infinite mode', async () => {
    await mount({ initialQuery: 'кросовки', isInfinite: true });
    expect(screen.getByText(/Показаны результаты по запросу/)).toHaveTextContent(
      'Показаны результаты по запросу «кроссовки» — «кросовки» исправлено на «кроссовки»',
    );
    // the count is the corrected query's
    expect(screen.getByText(/Найдено \d+ товар/)).toHaveTextContent('по запросу «кроссовки»');
    const before = document.querySelectorAll('.digi-card').length;
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    await settle();
    expect(document.querySelectorAll('.digi-card').length).toBeGreaterThan(before);
  });

  it('shows the empty state once, with suggestions that search when chosen', async () => {
    await mount({ initialQuery: 'zzzzqqq' });
    await settle();
    expect(screen.getAllByText(/Ничего не найдено/)).toHaveLength(1);
    expect(document.querySelectorAll('.digi-card')).toHaveLength(0);
    expect(screen.getByText('Часто ищут:')).toBeInTheDocument();
    const suggestion = document.querySelector<HTMLButtonElement>(
      '[data-digi-action="is-suggestion"]',
    )!;
    const query = suggestion.textContent!.trim();
    await userEvent.click(suggestion);
    await settle();
    await settle();
    expect(screen.getByText(/Найдено \d+ товар/)).toHaveTextContent(`по запросу «${query}»`);
    expect(screen.queryByText(/Ничего не найдено/)).toBeNull();
  });

  it('lists nothing before a search (no whole catalogue)', async () => {
    const source = createMemorySource();
    await mount({ source });
    expect(source.calls).toHaveLength(0);
    expect(document.querySelectorAll('.digi-card')).toHaveLength(0);
    expect(screen.queryByText(/Найдено/)).toBeNull();
  });

  it("the category facet drills down: roots, then the chosen one's children, with a path back", async () => {
    await mount({ initialQuery: 'кроссовки', treeFacets: false });
    const facet = () => document.querySelector('.digi-facet__group--category')!;
    const options = () =>
      [...facet().querySelectorAll('.digi-facet__category .digi-facet__text')].map(
        (e) => e.textContent,
      );
    const roots = options();
    expect(roots.length).toBeGreaterThan(0);
    // a drill-down level lists each category once (not the flat list of every level)
    expect(new Set(roots).size).toBe(roots.length);
    await userEvent.click(facet().querySelector<HTMLButtonElement>('.digi-facet__category')!);
    await settle();
    await settle();
    expect(facet().querySelector('[aria-current="true"]')).toHaveTextContent(roots[0]!);
    expect(options()).not.toEqual(roots);
    await userEvent.click(
      within(facet() as HTMLElement).getByRole('button', { name: 'Все категории' }),
    );
    await settle();
    await settle();
    expect(options()).toEqual(roots);
  });

  // The facets come in AnyQuery's shape: `id` the filter value, `value` the count (the slider's
  // `min`/`max` values its bounds), a tree's nodes with `children`.
  it('draws every facet from the answer: counts, range labels, slider bounds, the tree', async () => {
    const source = createMemorySource();
    await mount({ source, initialQuery: 'кроссовки' });
    const answer = widget!.connector.store.get().result!;
    const facet = (name: string) => answer.facets.find((f) => f.name === name)!;
    const group = (legend: string) => screen.getByRole('group', { name: legend });

    const nike = facet('brand').values.find((v) => v.id === 'Nike')!;
    const nikeBox = within(group('Бренд')).getByRole('checkbox', { name: /Nike/ });
    expect(nikeBox.closest('label')?.querySelector('.digi-facet__count')).toHaveTextContent(
      String(nike.value),
    );

    const range = facet('discount').values[0]!;
    const rangeBox = within(group('Скидка, %')).getAllByRole('checkbox')[0]!;
    expect(rangeBox).toHaveAttribute('data-digi-value', range.id);
    expect(rangeBox.closest('label')).toHaveTextContent(/^\d+ – \d+\s%\s\d+$/);

    const [min, max] = facet('price').values;
    const thumbs = group('Цена, ₽').querySelectorAll('input[type="range"]');
    expect(thumbs[0]).toHaveAttribute('min', String(min!.value));
    expect(thumbs[0]).toHaveAttribute('max', String(max!.value));
    expect(thumbs[1]).toHaveValue(String(max!.value));

    const inStock = facet('available').values.find((v) => v.id === 'true')!;
    const toggle = screen.getByRole('switch', { name: /В наличии/ });
    expect(toggle.closest('label')?.querySelector('.digi-facet__count')).toHaveTextContent(
      String(inStock.value),
    );
    await userEvent.click(toggle);
    await settle();
    await settle();
    expect(source.calls.at(-1)?.params).toMatchObject({ filter: ['available:true'] });
    expect(screen.getByRole('switch', { name: /В наличии/ })).toBeChecked();

    const root = facet('categoryId').values[0]!;
    const tree = group('Категория');
    const rootBox = within(tree).getByRole('checkbox', { name: new RegExp(root.name) });
    const subtree = rootBox.closest('li')?.querySelector('.digi-facet__tree');
    expect(root.children?.length).toBeGreaterThan(0);
    expect(subtree?.children).toHaveLength(root.children?.length ?? 0);
  });
});
