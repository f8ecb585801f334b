import type { Meta, StoryObj } from '@storybook/react-vite';
import '../ui.css';
import { InputGrid } from './input-grid.tsx';

const DEVICES = ['phones', 'tablets', 'laptops'] as const;
const NUMBERS = ['slidesPerView', 'spaceBetween'] as const;
const DEVICE_NAMES = { phones: 'Телефоны', tablets: 'Планшеты', laptops: 'Ноутбуки' };
const NUMBER_NAMES = { slidesPerView: 'Слайдов на экране', spaceBetween: 'Отступ, px' };

const meta = {
  title: 'UI/InputGrid',
  component: InputGrid<(typeof DEVICES)[number], (typeof NUMBERS)[number]>,
  args: {
    caption: 'Точки перелома слайдера',
    corner: 'Устройство',
    rows: DEVICES,
    columns: NUMBERS,
    rowHeader: (row) => DEVICE_NAMES[row],
    columnHeader: (column) => NUMBER_NAMES[column],
    cell: (row, column) => (
      <input
        className="ui-input"
        type="number"
        style={{ width: '5.5em' }}
        aria-label={`${DEVICE_NAMES[row]}: ${NUMBER_NAMES[column]}`}
        defaultValue={column === 'slidesPerView' ? 2 : 8}
      />
    ),
  },
} satisfies Meta<typeof InputGrid<(typeof DEVICES)[number], (typeof NUMBERS)[number]>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithVisibleCaption: Story = { args: { showCaption: true } };
