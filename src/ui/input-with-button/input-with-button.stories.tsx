import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { InputWithButton } from './input-with-button.tsx';
import type { InputWithButtonProps } from './input-with-button.tsx';

function Controlled(props: InputWithButtonProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 420 }}>
      <InputWithButton {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta = {
  title: 'UI/InputWithButton',
  component: InputWithButton,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Логин пользователя',
    value: '',
    onChange: fn(),
    onSubmit: fn(),
    buttonLabel: 'Привязать',
  },
} satisfies Meta<typeof InputWithButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = { args: { value: 'manager', loading: true } };
export const Error: Story = { args: { value: 'nobody', error: 'Пользователь не найден' } };
export const NoVisibleLabel: Story = {
  args: { label: undefined, ariaLabel: 'Поиск', buttonLabel: 'Найти', type: 'search' },
};
