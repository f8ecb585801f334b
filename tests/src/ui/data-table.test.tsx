import { screen, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
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

  it('can leave the order alone: no header sorts', () => {
    renderWithProviders(
      <DataTable caption="Топ запросов" columns={columns} data={rows} sortable={false} />,
    );
    for (const header of screen.getAllByRole('columnheader'))
      expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(firstColumn()).toEqual(['кроссовки', 'айфон', 'ботинки']);
  });

  it('says it is loading while an empty table waits for its rows', () => {
    renderWithProviders(<DataTable caption="Топ запросов" columns={columns} data={[]} loading />);
    expect(screen.getByRole('cell', { name: 'Загрузка…' })).toBeInTheDocument();
  });

  it('is named by an element on the page instead of a caption, its scroll box a region', () => {
    renderWithProviders(
      <>
        <h2 id="title">CTR блоков</h2>
        <DataTable labelledBy="title" scrollLabel="CTR блоков" columns={columns} data={rows} />
      </>,
    );
    expect(screen.getByRole('table', { name: 'CTR блоков' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'CTR блоков' })).toHaveAttribute('tabindex', '0');
    expect(document.querySelector('caption')).toBeNull();
  });

  it('heads rows with their naming cell, and groups rows, sorting inside each group', async () => {
    interface Metric {
      group: string;
      name: string;
      value: number;
    }
    const metric = createColumnHelper<Metric>();
    const { user } = renderWithProviders(
      <DataTable<Metric>
        caption="Показатели"
        columns={[
          metric.accessor('name', { header: 'Показатель', meta: { rowHeader: true } }),
          metric.accessor('value', { header: 'Значение', meta: { numeric: true } }),
        ]}
        data={[
          { group: 'Поиск', name: 'Запросы', value: 10 },
          { group: 'Поиск', name: 'Без результатов', value: 2 },
          { group: 'Заказы', name: 'Заказы', value: 5 },
        ]}
        getRowId={(row) => row.name}
        rowGroups={{ of: (row) => row.group, label: (group) => `Группа ${group}` }}
      />,
    );
    const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names()).toEqual([
      'Группа Поиск',
      'Запросы',
      'Без результатов',
      'Группа Заказы',
      'Заказы',
    ]);
    expect(screen.getAllByRole('rowgroup')).toHaveLength(3);
    const header = screen.getByRole('columnheader', { name: /Значение/ });
    await user.click(within(header).getByRole('button'));
    expect(names()).toEqual([
      'Группа Поиск',
      'Без результатов',
      'Запросы',
      'Группа Заказы',
      'Заказы',
    ]);
  });

  it('draws a row as one cell across the table, with the attributes a row asks for', () => {
    renderWithProviders(
      <DataTable
        caption="Категории"
        columns={columns}
        data={rows}
        fullWidthRow={(row) => (row.id === 'b' ? 'Не удалось загрузить' : null)}
        rowProps={(row) => ({
          'data-query': row.query,
          'aria-current': row.id === 'a' || undefined,
        })}
      />,
    );
    const status = screen.getByRole('cell', { name: 'Не удалось загрузить' });
    expect(status).toHaveAttribute('colspan', '3');
    expect(status.closest('tr')).toHaveAttribute('data-query', 'айфон');
    expect(document.querySelector('tr[data-query="кроссовки"]')).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('keeps the focus in a cell’s input while typing, though the columns are rebuilt each render', async () => {
    function Editable() {
      const [values, setValues] = useState<Record<string, string>>({ a: '1' });
      const edit = createColumnHelper<{ id: string }>();
      return (
        <DataTable
          caption="Веса"
          sortable={false}
          columns={[
            edit.display({
              id: 'weight',
              header: 'Вес',
              cell: ({ row }) => (
                <input
                  aria-label={`Вес ${row.original.id}`}
                  value={values[row.original.id] ?? ''}
                  onChange={(event) =>
                    setValues({ ...values, [row.original.id]: event.target.value })
                  }
                />
              ),
            }),
          ]}
          data={[{ id: 'a' }]}
        />
      );
    }
    const { user } = renderWithProviders(<Editable />);
    const input = screen.getByRole('textbox', { name: 'Вес a' });
    await user.click(input);
    await user.keyboard('23');
    expect(screen.getByRole('textbox', { name: 'Вес a' })).toHaveValue('123');
    expect(screen.getByRole('textbox', { name: 'Вес a' })).toBe(input);
    expect(input).toHaveFocus();
  });

  it('reads accessor values again when the columns are rebuilt with other state', () => {
    const names = createColumnHelper<{ hash: string }>();
    const data = [{ hash: 'h1' }];
    const { rerender } = renderWithProviders(
      <DataTable
        caption="Виджеты"
        columns={[names.accessor((row) => row.hash, { id: 'strategy', header: 'Стратегия' })]}
        data={data}
      />,
    );
    expect(screen.getByRole('cell', { name: 'h1' })).toBeInTheDocument();
    rerender(
      <DataTable
        caption="Виджеты"
        columns={[
          names.accessor((row) => (row.hash === 'h1' ? 'Смотрят вместе' : row.hash), {
            id: 'strategy',
            header: 'Стратегия',
          }),
        ]}
        data={data}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Смотрят вместе' })).toBeInTheDocument();
  });
});
