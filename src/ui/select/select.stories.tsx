import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { Select } from './select.tsx';
import type { SelectOption, SelectProps } from './select.tsx';

const sites: SelectOption<number>[] = [
  { value: 101, label: 'shop.example.ru' },
  { value: 102, label: 'books.example.ru' },
  { value: 103, label: 'toys.example.com', disabled: true },
  { value: 104, label: 'fashion.example.ru' },
  { value: 105, label: 'электроника.рф' },
];

function Controlled(props: SelectProps<number>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 320, minHeight: 320 }}>
      <Select<number>
        {...props}
        value={value}
        onChange={(next, option) => {
          props.onChange(next, option);
          setValue(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/Select',
  component: Select<number>,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Сайт', options: sites, value: null, onChange: fn() },
} satisfies Meta<typeof Select<number>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { value: 104 } };
export const Empty: Story = { args: { options: [] } };
export const Loading: Story = { args: { loading: true, options: [] } };
export const NotSearchable: Story = { args: { searchable: false, label: 'Платформа' } };
export const Error: Story = { args: { error: 'Обязательное поле', required: true } };
export const LongTitles: Story = {
  args: {
    options: [
      { value: 1, label: 'Очень-длинное-название-магазина-с-поддоменом.regional.example.ru' },
      { value: 2, label: 'Ещё один магазин с необычно длинным названием для проверки переносов' },
    ],
  },
};
