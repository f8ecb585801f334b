import { createColumnHelper } from '@tanstack/react-table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../ui.css';
import { Button } from '../button/button.tsx';
import { DataTable, actionsColumn } from './data-table.tsx';

interface TopQuery {
  id: string;
  query: string;
  count: number;
  share: string;
}

const rows: TopQuery[] = [
  { id: '1', query: 'кроссовки', count: 12840, share: '12,4 %' },
  { id: '2', query: 'айфон 15', count: 9310, share: '9,0 %' },
  { id: '3', query: 'ботинки зимние', count: 4512, share: '4,4 %' },
  { id: '4', query: 'пуховик', count: 3999, share: '3,9 %' },
  { id: '5', query: 'рюкзак', count: 1203, share: '1,2 %' },
];

const column = createColumnHelper<TopQuery>();
const onEdit = fn();
const columns = [
  column.accessor('query', { header: 'Запрос' }),
  column.accessor('count', {
    header: 'Количество',
    meta: { numeric: true },
    cell: (cell) => cell.getValue().toLocaleString('ru-RU'),
  }),
  column.accessor('share', { header: 'Доля', meta: { numeric: true }, enableSorting: false }),
  actionsColumn<TopQuery>((row) => (
    <Button size="sm" variant="ghost" onClick={() => onEdit(row.id)}>
      Изменить
    </Button>
  )),
];

const meta = {
  title: 'UI/DataTable',
  component: DataTable<TopQuery>,
  args: { caption: 'Топ поисковых запросов', columns, data: rows, getRowId: (row) => row.id },
} satisfies Meta<typeof DataTable<TopQuery>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SortedByCountDesc: Story = {
  args: { initialSorting: [{ id: 'count', desc: true }] },
};
export const Empty: Story = { args: { data: [] } };
export const VisibleCaption: Story = { args: { showCaption: true } };
export const LongTitles: Story = {
  args: {
    data: [
      {
        id: 'x',
        query:
          'очень длинный поисковый запрос пользователя, который не помещается в одну строку таблицы',
        count: 1,
        share: '0,01 %',
      },
      ...rows,
    ],
  },
};
