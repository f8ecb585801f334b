import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { TextInput } from './text-input.tsx';
import type { TextInputProps } from './text-input.tsx';

function Controlled(props: TextInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 360 }}>
      <TextInput
        {...props}
        value={value}
        onChange={(next) => {
          props.onChange(next);
          setValue(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/TextInput',
  component: TextInput,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Название сайта', value: '', onChange: fn(), onEnter: fn() },
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'Так сайт будет подписан в отчётах' } };
export const Error: Story = {
  args: {
    label: 'URL сайта',
    value: 'shop.ru',
    error: 'URL должен начинаться с http:// или https://',
  },
};
export const Required: Story = { args: { required: true, placeholder: 'Магазин' } };
export const NumberClamped: Story = {
  args: {
    label: 'Порог векторов',
    hint: 'От 0,00 до 2,00; округляется при выходе из поля',
    value: '1.5',
    round: 2,
    min: 0,
    max: 2,
    inputMode: 'decimal',
  },
};
export const Trimmed: Story = { args: { label: 'Логин', trim: true, value: '  manager  ' } };
export const Disabled: Story = { args: { value: 'shop.example.ru', disabled: true } };
