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
export const Loading: Story = { args: { data: [], loading: true } };
export const Unsortable: Story = { args: { sortable: false } };

interface Metric {
  id: string;
  group: string;
  name: string;
  all: number;
  mobile: number;
}

const metricColumn = createColumnHelper<Metric>();
const metricColumns = [
  metricColumn.accessor('name', { header: 'Показатель', meta: { rowHeader: true } }),
  metricColumn.accessor('all', { header: 'Все', meta: { numeric: true } }),
  metricColumn.accessor('mobile', { header: 'Мобильные', meta: { numeric: true } }),
];
const metrics: Metric[] = [
  { id: 'a', group: 'Поиск', name: 'Поисковые запросы', all: 1664, mobile: 1155 },
  { id: 'b', group: 'Поиск', name: 'Запросы без результатов', all: 52, mobile: 38 },
  { id: 'c', group: 'Заказы', name: 'Заказы, все сессии', all: 73, mobile: 49 },
  { id: 'd', group: 'Заказы', name: 'Заказы, сессии с поиском', all: 41, mobile: 30 },
];

/** Rows in groups under a header row each, the first column naming its row. */
export const RowGroups: StoryObj<typeof DataTable<Metric>> = {
  render: () => (
    <DataTable<Metric>
      caption="Все показатели"
      showCaption
      columns={metricColumns}
      data={metrics}
      getRowId={(row) => row.id}
      rowGroups={{ of: (row) => row.group, label: (group) => group }}
    />
  ),
};

type TreeRow = { id: string; name: string; count: number } | { id: string; status: string };
const treeColumn = createColumnHelper<TreeRow>();

/** A status among the rows: one cell across the table. */
export const FullWidthRow: StoryObj<typeof DataTable<TreeRow>> = {
  render: () => (
    <DataTable<TreeRow>
      caption="Категории"
      sortable={false}
      columns={[
        treeColumn.accessor((row) => ('name' in row ? row.name : ''), {
          id: 'name',
          header: 'Категория',
          meta: { rowHeader: true },
        }),
        treeColumn.accessor((row) => ('count' in row ? row.count : 0), {
          id: 'count',
          header: 'Товаров',
          meta: { numeric: true },
        }),
      ]}
      data={[
        { id: 'w', name: 'Женщинам', count: 70 },
        { id: 'w-children', status: 'Не удалось загрузить дочерние категории' },
        { id: 'm', name: 'Мужчинам', count: 61 },
      ]}
      getRowId={(row) => row.id}
      fullWidthRow={(row) => ('status' in row ? row.status : null)}
    />
  ),
};

interface Breakpoint {
  device: string;
  slides: number;
}
const breakpointColumn = createColumnHelper<Breakpoint>();

/** Compact cells holding inputs, headed by a visible title elsewhere on the page. */
export const CompactWithInputs: StoryObj<typeof DataTable<Breakpoint>> = {
  render: () => (
    <>
      <h3 id="breakpoints-title">Брейкпоинты слайдера</h3>
      <DataTable<Breakpoint>
        labelledBy="breakpoints-title"
        density="compact"
        sortable={false}
        columns={[
          breakpointColumn.accessor('device', { header: 'Устройство', meta: { rowHeader: true } }),
          breakpointColumn.accessor('slides', {
            header: 'Слайдов на экране',
            cell: ({ row }) => (
              <input
                className="ui-input"
                type="number"
                aria-label={`${row.original.device}: слайдов на экране`}
                defaultValue={row.original.slides}
              />
            ),
          }),
        ]}
        data={[
          { device: 'Телефоны', slides: 2 },
          { device: 'Планшеты', slides: 3 },
        ]}
        getRowId={(row) => row.device}
      />
    </>
  ),
};

/** Below 600 px wide each row becomes a block; the scroll box is a named, focusable region. */
export const StackedOnNarrow: Story = {
  args: { stackOnNarrow: true, scrollLabel: 'Топ поисковых запросов', showCaption: true },
};
