import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InputGrid } from '#src/ui/input-grid/input-grid.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('InputGrid', () => {
  it('is a table named by its caption, a header per row and column, a cell per pair', async () => {
    const { container } = renderWithProviders(
      <InputGrid
        caption="Точки перелома"
        corner="Устройство"
        rows={['phones', 'tablets'] as const}
        columns={['view', 'gap'] as const}
        rowHeader={(row) => (row === 'phones' ? 'Телефоны' : 'Планшеты')}
        columnHeader={(column) => (column === 'view' ? 'Слайдов' : 'Отступ')}
        cell={(row, column) => <input aria-label={`${row} ${column}`} defaultValue="1" />}
      />,
    );
    const table = screen.getByRole('table', { name: 'Точки перелома' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Устройство', 'Слайдов', 'Отступ']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Телефоны', 'Планшеты']);
    const tabletRow = within(table).getAllByRole('row')[2]!;
    expect(within(tabletRow).getByRole('textbox', { name: 'tablets gap' })).toBeInTheDocument();
    expect(within(table).getAllByRole('textbox')).toHaveLength(4);
    await expectNoSeriousA11yViolations(container);
  });
});
