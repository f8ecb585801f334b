import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import '../ui.css';
import { Button } from '../button/button.tsx';
import { ToastBar } from './toast-bar.tsx';
import { toast, useToastStore } from './toast-store.ts';

function Demo({ seed }: { seed: () => void }) {
  useEffect(() => {
    useToastStore.getState().clear();
    seed();
  }, [seed]);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button onClick={() => toast.success()}>Успех</Button>
      <Button onClick={() => toast.error(undefined, '500\nInternal Server Error')}>Ошибка</Button>
      <ToastBar />
    </div>
  );
}

const meta = {
  title: 'UI/ToastBar',
  component: Demo,
  args: { seed: (): void => undefined },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Success: Story = {
  args: {
    seed: () => {
      toast.success(undefined, undefined, 0);
    },
  },
};
export const ServerError: Story = {
  args: {
    seed: () => {
      toast.error(undefined, '409\nThe configuration is being generated', 0);
    },
  },
};
export const NetworkError: Story = {
  args: {
    seed: () => {
      toast.error(undefined, 'Network or connection error', 0);
    },
  },
};
export const Stack: Story = {
  args: {
    seed: () => {
      toast.success('Сохранено', 'Сайт обновлён', 0);
      toast.error(undefined, 'Error: Failed to fetch', 0);
    },
  },
};
