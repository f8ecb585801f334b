import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../ui.css';
import { AttributeValuePicker, type PickedAttribute } from './attribute-value-picker.tsx';
import { CategoryTreePicker, type TreeCategory } from './category-tree-picker.tsx';
import { ProductPicker, type PickedProduct } from './product-picker.tsx';
import { RegionPicker } from './region-picker.tsx';

const products: PickedProduct[] = [
  { id: '101', name: 'Платье летнее' },
  { id: '102', name: 'Платье вечернее' },
  { id: '201', name: 'Кроссовки беговые' },
];
const tree: Record<string, TreeCategory[]> = {
  root: [
    { id: '1', name: 'Одежда', hasChildren: true, products: 10 },
    { id: '2', name: 'Обувь', hasChildren: false, products: 4 },
  ],
  '1': [{ id: '11', name: 'Платья', hasChildren: false, products: 6 }],
};

function Pickers({ chosen }: { chosen: boolean }) {
  const [picked, setPicked] = useState<PickedProduct[]>(chosen ? products.slice(0, 2) : []);
  const [categories, setCategories] = useState<TreeCategory[]>(chosen ? [tree.root![1]!] : []);
  const [attribute, setAttribute] = useState<PickedAttribute | null>(
    chosen ? { name: 'Цвет', values: ['синий'] } : null,
  );
  const [regions, setRegions] = useState<string[]>(chosen ? ['global', 'msk'] : []);
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      <ProductPicker
        value={picked}
        onChange={setPicked}
        searchProducts={async (q) =>
          products.filter((p) => p.name.toLowerCase().includes(q.toLowerCase()))
        }
      />
      <CategoryTreePicker
        label="Категории"
        value={categories}
        onChange={setCategories}
        loadRoots={async () => tree.root!}
        loadChildren={async (id) => tree[id] ?? []}
      />
      <AttributeValuePicker
        value={attribute}
        onChange={setAttribute}
        searchAttributes={async () => [{ name: 'Цвет' }, { name: 'Размер' }]}
        searchValues={async () => [{ value: 'синий' }, { value: 'красный' }]}
      />
      <RegionPicker
        value={regions}
        onChange={setRegions}
        loadRegions={async () => [{ id: 'global' }, { id: 'msk' }, { id: 'spb' }]}
      />
    </div>
  );
}

const meta = { title: 'UI/Pickers', component: Pickers, args: { chosen: false } } satisfies Meta<
  typeof Pickers
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { chosen: true } };
