import { screen, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

interface Query {
  id: string;
  query: string;
  count: number;
}

const rows: Query[] = [
  { id: 'a', query: 'кроссовки', count: 120 },
  { id: 'b', query: 'айфон', count: 300 },
  { id: 'c', query: 'ботинки', count: 45 },
];

const column = createColumnHelper<Query>();
const onEdit = vi.fn();
const columns = [
  column.accessor('query', { header: 'Запрос' }),
  column.accessor('count', { header: 'Количество', meta: { numeric: true } }),
  actionsColumn<Query>((row) => (
    <button type="button" onClick={() => onEdit(row.id)}>
      Изменить {row.query}
    </button>
  )),
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('sorts ascending, then descending, per column', async () => {
    const { user } = renderWithProviders(
      <DataTable caption="Топ запросов" columns={columns} data={rows} getRowId={(r) => r.id} />,
    );
    expect(firstColumn()).toEqual(['кроссовки', 'айфон', 'ботинки']);
    const queryHeader = screen.getByRole('columnheader', { name: /Запрос/ });
    await user.click(within(queryHeader).getByRole('button'));
    expect(queryHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['айфон', 'ботинки', 'кроссовки']);
    await user.click(within(queryHeader).getByRole('button'));
    expect(queryHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['кроссовки', 'ботинки', 'айфон']);
    await user.click(within(queryHeader).getByRole('button'));
    expect(queryHeader).toHaveAttribute('aria-sort', 'ascending');

    const countHeader = screen.getByRole('columnheader', { name: /Количество/ });
    await user.click(within(countHeader).getByRole('button'));
    expect(countHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(queryHeader).not.toHaveAttribute('aria-sort');
    expect(firstColumn()).toEqual(['ботинки', 'кроссовки', 'айфон']);
  });

  it('does not sort the actions column, whose cells still work', async () => {
    const { user } = renderWithProviders(
      <DataTable caption="Топ запросов" columns={columns} data={rows} />,
    );
    const actions = screen.getByRole('columnheader', { name: 'Действия' });
    expect(within(actions).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изменить айфон' }));
    expect(onEdit).toHaveBeenCalledWith('b');
  });

  it('says when there is no data', () => {
    renderWithProviders(<DataTable caption="Пусто" columns={columns} data={[]} />);
    expect(screen.getByRole('cell', { name: 'Нет данных' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Пусто' })).toBeInTheDocument();
  });

  it('has no serious a11y violations', async () => {
    const { container } = renderWithProviders(
      <DataTable caption="Топ запросов" columns={columns} data={rows} />,
    );
    await expectNoSeriousA11yViolations(container);
  });
});
