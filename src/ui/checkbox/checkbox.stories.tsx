import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../ui.css';
import { Checkbox } from './checkbox.tsx';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { label: 'Показывать отключённые сайты', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const Disabled: Story = { args: { disabled: true } };
export const LongLabel: Story = {
  args: {
    label:
      'Я понимаю, что история фидов, задания загрузки и генерации фидов, автокомплита и поисковые индексы будут удалены',
  },
};
