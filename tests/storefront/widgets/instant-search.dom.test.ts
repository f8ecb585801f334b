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
    await mount();
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
    expect(screen.getByText(/Показаны результаты по запросу/)).toBeInTheDocument();
    const before = document.querySelectorAll('.digi-card').length;
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    await settle();
    expect(document.querySelectorAll('.digi-card').length).toBeGreaterThan(before);
  });

  it('shows the empty state', async () => {
    await mount({ initialQuery: 'zzzzqqq' });
    expect(screen.getAllByText(/Ничего не найдено/).length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.digi-card')).toHaveLength(0);
  });
});
