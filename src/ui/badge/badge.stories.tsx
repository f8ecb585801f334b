import type { Meta, StoryObj } from '@storybook/react-vite';
import '../ui.css';
import { Badge } from './badge.tsx';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'Активен' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { children: 'Черновик' } };
export const Enabled: Story = { args: { tone: 'success', children: 'Активен' } };
export const Disabled: Story = { args: { tone: 'danger', children: 'Отключён' } };
export const Warning: Story = { args: { tone: 'warning', children: 'Нет в продакшене' } };
export const Accent: Story = { args: { tone: 'accent', children: 'fashion' } };
