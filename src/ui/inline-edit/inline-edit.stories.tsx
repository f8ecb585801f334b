import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../ui.css';
import { InlineEdit } from './inline-edit.tsx';

const meta = {
  title: 'UI/InlineEdit',
  component: InlineEdit,
  args: { value: 'Продажи по регионам', label: 'Название вкладки', onConfirm: fn() },
} satisfies Meta<typeof InlineEdit>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { value: '', placeholder: 'Новая вкладка' } };
export const Required: Story = { args: { value: '', required: true } };
export const LongTitle: Story = {
  args: { value: 'Конверсия поиска по мобильным устройствам за последние полгода' },
};
export const Disabled: Story = { args: { disabled: true } };
