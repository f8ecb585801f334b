import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SortableList, type SortableListLabels } from '#src/ui/sortable-list/sortable-list.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';

const labels: SortableListLabels = {
  handle: (item) => `Перетащить «${item}»`,
  moveUp: (item) => `Поднять «${item}»`,
  moveDown: (item) => `Опустить «${item}»`,
  instructions: 'Пробел — взять, стрелки — переместить.',
  picked: (item) => `Взят «${item}»`,
  moved: (item, position) => `«${item}» на позиции ${position}`,
  dropped: (item, position) => `«${item}» оставлен на позиции ${position}`,
  cancelled: (item) => `Перемещение «${item}» отменено`,
};

function Host({ disabled, disabledReason }: { disabled?: boolean; disabledReason?: string }) {
  const [items, setItems] = useState(['Хиты', 'Новинки', 'Вы смотрели']);
  return (
    <SortableList
      aria-label="Блоки"
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

describe('SortableList', () => {
  it('moves an item with its buttons', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(screen.getByRole('button', { name: 'Опустить «Хиты»' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Новинки'),
      expect.stringContaining('Хиты'),
      expect.stringContaining('Вы смотрели'),
    ]);
  });

  it('a disabled list shows why under it and describes its buttons with it', () => {
    renderWithProviders(<Host disabled disabledReason="Это могут роли «Интегратор»" />);
    expect(screen.getByText('Это могут роли «Интегратор»')).toBeVisible();
    const down = screen.getByRole('button', { name: 'Опустить «Хиты»' });
    expect(down).toBeDisabled();
    expect(down).toHaveAccessibleDescription('Это могут роли «Интегратор»');
    expect(screen.getByRole('button', { name: 'Перетащить «Хиты»' })).toHaveAccessibleDescription(
      'Это могут роли «Интегратор»',
    );
  });

  it('an enabled list shows no reason', () => {
    renderWithProviders(<Host disabledReason="Это могут роли «Интегратор»" />);
    expect(screen.queryByText('Это могут роли «Интегратор»')).toBeNull();
  });
});
