import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../ui.css';
import { Button, IconButton } from './button.tsx';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Сохранить', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Primary: Story = { args: { variant: 'primary' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Деактивировать' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Отмена' } };
export const Small: Story = { args: { size: 'sm', children: 'AUTO' } };
export const Loading: Story = { args: { variant: 'primary', loading: true } };
export const Disabled: Story = { args: { disabled: true } };
export const DisabledWithReason: Story = {
  args: {
    disabled: true,
    disabledReason: 'Недоступно вашей роли: это могут роли «Интегратор» и «Менеджер».',
  },
};
export const LongTitle: Story = {
  args: { children: 'Сгенерировать и выложить конфигурацию в продакшен' },
};
export const Icon: Story = {
  render: () => (
    <IconButton label="Закрыть" onClick={fn()}>
      ✕
    </IconButton>
  ),
};
