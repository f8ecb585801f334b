import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { presetRange } from './date-range.ts';
import type { DateRange } from './date-range.ts';
import { DateRangePicker } from './date-range-picker.tsx';
import type { DateRangePickerProps } from './date-range-picker.tsx';

const NOW = new Date(2024, 2, 15);

function Controlled(props: DateRangePickerProps) {
  const [value, setValue] = useState<DateRange | undefined>(props.value);
  return (
    <div style={{ minHeight: 420 }}>
      <DateRangePicker
        {...props}
        value={value}
        onChange={(range, preset) => {
          props.onChange(range, preset);
          setValue(range);
        }}
        onClear={props.onClear ? () => setValue(undefined) : undefined}
      />
    </div>
  );
}

const meta = {
  title: 'UI/DateRangePicker',
  component: DateRangePicker,
  render: (args) => <Controlled {...args} />,
  args: { now: NOW, value: presetRange('last7Days', NOW), onChange: fn() },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The home screen's default: the previous 7 days ending yesterday. */
export const Default: Story = {};
export const Empty: Story = { args: { value: undefined } };
export const Custom: Story = {
  args: { value: { from: new Date(2024, 1, 3), to: new Date(2024, 1, 20) } },
};
export const CompareWithClear: Story = {
  args: { label: 'Период сравнения', value: presetRange('lastMonth', NOW), onClear: fn() },
};
export const English: Story = { args: { locale: 'en' } };
export const OneMonth: Story = { args: { numberOfMonths: 1 } };
export const Disabled: Story = { args: { disabled: true } };
