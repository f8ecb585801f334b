import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../ui.css';
import { SortableList, type SortableListLabels } from './sortable-list.tsx';

const labels: SortableListLabels = {
  handle: (item) => `Перетащить «${item}»`,
  moveUp: (item) => `Поднять «${item}»`,
  moveDown: (item) => `Опустить «${item}»`,
  instructions: 'Пробел — взять, стрелки — переместить, пробел — положить, Escape — отменить.',
  picked: (item) => `Взят «${item}»`,
  moved: (item, position) => `«${item}» на позиции ${position}`,
  dropped: (item, position) => `«${item}» оставлен на позиции ${position}`,
  cancelled: (item) => `Перемещение «${item}» отменено`,
};

function Demo({
  initial,
  disabled,
  disabledReason,
}: {
  initial: string[];
  disabled?: boolean;
  disabledReason?: string;
}) {
  const [items, setItems] = useState(initial);
  return (
    <SortableList
      aria-label="Блоки рекомендаций"
      items={items}
      itemId={(item) => item}
      itemLabel={(item) => item}
      renderItem={(item) => item}
      onReorder={setItems}
      labels={labels}
      disabled={disabled}
      disabledReason={disabledReason}
    />
  );
}

const meta = {
  title: 'UI/SortableList',
  component: Demo,
  args: { initial: ['Хиты продаж', 'С этим товаром покупают', 'Вы смотрели'] },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Single: Story = { args: { initial: ['Хиты продаж'] } };
export const Disabled: Story = { args: { disabled: true } };
export const DisabledWithReason: Story = {
  args: {
    disabled: true,
    disabledReason: 'Недоступно вашей роли: это могут роли «Интегратор», «Менеджер» и «Продажи».',
  },
};
