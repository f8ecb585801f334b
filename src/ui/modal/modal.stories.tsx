import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { Button } from '../button/button.tsx';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { Modal } from './modal.tsx';
import type { ModalProps } from './modal.tsx';

function Harness(props: ModalProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Открыть</Button>
      <Modal {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const meta = {
  title: 'UI/Modal',
  component: Modal,
  render: (args) => <Harness {...args} />,
  args: {
    open: true,
    onClose: fn(),
    onConfirm: fn(),
    title: 'Сайт shop.example.ru',
    children: <p>ID 101 · API-ключ скрыт · сегменты: fashion, diy</p>,
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const View: Story = { args: { mode: 'VIEW' } };
export const Edit: Story = { args: { mode: 'EDIT', title: 'Изменить сайт' } };
export const Create: Story = { args: { mode: 'CREATE', title: 'Новый сегмент' } };
export const Saving: Story = { args: { mode: 'EDIT', confirmLoading: true } };
export const Activation: Story = {
  args: {
    mode: 'EDIT',
    title: 'Деактивировать сайт?',
    confirmLabel: 'Деактивировать',
    confirmDisabled: true,
    children: (
      <>
        <p>
          История фидов, задания загрузки и генерации фидов, автокомплита и поисковые индексы будут
          удалены.
        </p>
        <Checkbox label="Я понимаю последствия" />
      </>
    ),
  },
};
export const Wide: Story = { args: { width: 900, title: 'Версии конфигурации' } };
