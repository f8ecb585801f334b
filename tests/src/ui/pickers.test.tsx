import { screen, waitFor, within } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  AttributeValuePicker,
  type PickedAttribute,
} from '#src/ui/picker/attribute-value-picker.tsx';
import { CategoryTreePicker, type TreeCategory } from '#src/ui/picker/category-tree-picker.tsx';
import { ProductPicker, type PickedProduct } from '#src/ui/picker/product-picker.tsx';
import { RegionPicker } from '#src/ui/picker/region-picker.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

const PRODUCTS: PickedProduct[] = [
  { id: '101', name: 'Платье летнее' },
  { id: '102', name: 'Платье вечернее' },
  { id: '201', name: 'Кроссовки' },
];

function Products({ search }: { search: (q: string) => Promise<PickedProduct[]> }) {
  const [value, setValue] = useState<PickedProduct[]>([]);
  return <ProductPicker value={value} onChange={setValue} searchProducts={search} />;
}

describe('ProductPicker', () => {
  it('searches the server as the user types, chooses with the keyboard, removes a choice', async () => {
    const search = vi.fn(async (query: string) =>
      PRODUCTS.filter((p) => p.name.toLowerCase().includes(query.toLowerCase())),
    );
    const { user, baseElement } = renderWithProviders(<Products search={search} />);
    const combo = screen.getByRole('combobox', { name: 'Товары' });
    await user.type(combo, 'плат');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('плат', expect.any(AbortSignal)));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = screen.getByRole('list', { name: 'Выбрано' });
    expect(within(chosen).getByText('Платье вечернее (102)')).toBeVisible();
    await expectNoSeriousA11yViolations(baseElement);
    await user.click(screen.getByRole('button', { name: 'Убрать «Платье вечернее (102)»' }));
    expect(screen.queryByRole('list', { name: 'Выбрано' })).toBeNull();
  });
});

describe('ProductPicker with typed ids', () => {
  it('adds an id typed with Enter unless an option found for that text is highlighted; never submits', async () => {
    const search = vi.fn(async (query: string) =>
      PRODUCTS.filter((p) => p.name.toLowerCase().includes(query.toLowerCase())),
    );
    const submit = vi.fn((event: FormEvent) => event.preventDefault());
    function Host() {
      const [value, setValue] = useState<PickedProduct[]>([]);
      return (
        <form onSubmit={submit}>
          <ProductPicker
            value={value}
            onChange={setValue}
            searchProducts={search}
            addTyped={(id) => ({ id, name: id })}
          />
          <output>{value.map((p) => p.id).join(',')}</output>
        </form>
      );
    }
    const { user } = renderWithProviders(<Host />);
    const combo = screen.getByRole('combobox', { name: 'Товары' });
    await user.type(combo, 'sku-9{Enter}');
    expect(document.querySelector('output')!.textContent).toBe('sku-9');
    expect(screen.getByRole('combobox', { name: 'Товары' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Товары' })).toHaveFocus();
    await user.keyboard('крос');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('крос', expect.any(AbortSignal)));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Enter}');
    expect(document.querySelector('output')!.textContent).toBe('sku-9,201');
    expect(submit).not.toHaveBeenCalled();
  });
});

const TREE: Record<string, TreeCategory[]> = {
  root: [
    { id: '1', name: 'Одежда', hasChildren: true, products: 10 },
    { id: '2', name: 'Обувь', hasChildren: false, products: 4 },
  ],
  '1': [
    { id: '11', name: 'Платья', hasChildren: false, products: 6 },
    { id: '12', name: 'Брюки', hasChildren: false, products: 4 },
  ],
};

function Tree({ loadChildren }: { loadChildren: (id: string) => Promise<TreeCategory[]> }) {
  const [value, setValue] = useState<TreeCategory[]>([]);
  return (
    <CategoryTreePicker
      label="Категории"
      value={value}
      onChange={setValue}
      loadRoots={async () => TREE.root!}
      loadChildren={loadChildren}
    />
  );
}

describe('CategoryTreePicker', () => {
  it('loads a branch when it opens and is driven by the keyboard', async () => {
    const loadChildren = vi.fn(async (id: string) => TREE[id] ?? []);
    const { user, baseElement } = renderWithProviders(<Tree loadChildren={loadChildren} />);
    const tree = await screen.findByRole('tree', { name: 'Категории' });
    expect(loadChildren).not.toHaveBeenCalled();
    await user.tab();
    const clothes = within(tree).getByRole('treeitem', { name: 'Одежда' });
    expect(clothes).toHaveFocus();
    expect(clothes).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(loadChildren).toHaveBeenCalledWith('1', expect.any(AbortSignal));
    await within(tree).findByRole('treeitem', { name: 'Платья' });
    expect(clothes).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(within(tree).getByRole('treeitem', { name: 'Платья' })).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(within(tree).getByRole('treeitem', { name: 'Брюки' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(screen.getByRole('list', { name: 'Выбрано' })).getByText('Брюки')).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(clothes).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(clothes).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}{Enter}');
    expect(within(tree).getByRole('treeitem', { name: 'Обувь' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Re-opening a branch does not load it again.
    await user.keyboard('{Home}{ArrowRight}');
    expect(loadChildren).toHaveBeenCalledTimes(1);
    await expectNoSeriousA11yViolations(baseElement);
  });
});

describe('AttributeValuePicker', () => {
  it('searches values of the chosen attribute only', async () => {
    const searchValues = vi.fn(async (attribute: string) =>
      attribute === 'Цвет' ? [{ value: 'красный' }, { value: 'синий' }] : [{ value: 'S' }],
    );
    function Host() {
      const [value, setValue] = useState<PickedAttribute | null>(null);
      return (
        <>
          <AttributeValuePicker
            value={value}
            onChange={setValue}
            searchAttributes={async () => [{ name: 'Цвет' }, { name: 'Размер' }]}
            searchValues={searchValues}
          />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    const { user } = renderWithProviders(<Host />);
    await user.click(screen.getByRole('combobox', { name: 'Атрибут' }));
    await user.click(await screen.findByRole('option', { name: 'Цвет' }));
    const values = await screen.findByRole('combobox', { name: 'Значения атрибута «Цвет»' });
    await waitFor(() =>
      expect(searchValues).toHaveBeenCalledWith('Цвет', '', expect.any(AbortSignal)),
    );
    await user.click(values);
    await user.click(await screen.findByRole('option', { name: 'синий' }));
    expect(document.querySelector('output')!.textContent).toBe(
      JSON.stringify({ name: 'Цвет', values: ['синий'] }),
    );
  });
});

describe('RegionPicker', () => {
  it('names the global region and filters by the typed text', async () => {
    function Host() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <RegionPicker
          value={value}
          onChange={setValue}
          loadRegions={async () => [{ id: 'global' }, { id: 'msk' }, { id: 'spb' }]}
        />
      );
    }
    const { user } = renderWithProviders(<Host />);
    const combo = screen.getByRole('combobox', { name: 'Регионы' });
    await user.click(combo);
    expect(await screen.findByRole('option', { name: 'global (глобальный)' })).toBeVisible();
    await user.type(combo, 'sp');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['spb']),
    );
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Выбрано' })).getByText('spb')).toBeVisible();
  });
});
