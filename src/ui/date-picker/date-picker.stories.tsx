import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { DatePicker } from './date-picker.tsx';
import type { DatePickerProps } from './date-picker.tsx';

function Controlled(props: DatePickerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ minHeight: 400 }}>
      <DatePicker
        {...props}
        value={value}
        onChange={(date) => {
          props.onChange(date);
          setValue(date);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/DatePicker',
  component: DatePicker,
  render: (args) => <Controlled {...args} />,
  args: { now: new Date(2024, 2, 15), value: undefined, onChange: fn() },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { value: new Date(2024, 2, 1) } };
export const English: Story = { args: { locale: 'en', value: new Date(2024, 2, 1) } };
