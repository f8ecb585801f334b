import type { Meta, StoryObj } from '@storybook/react-vite';
import '../ui.css';
import { Button } from '../button/button.tsx';
import { Hint } from './hint.tsx';

const meta = {
  title: 'UI/Hint',
  component: Hint,
  args: { content: 'Множитель выше 5 может ухудшить качество поиска' },
  decorators: [(Story) => <div style={{ padding: 64 }}>{Story()}</div>],
} satisfies Meta<typeof Hint>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const OnAButton: Story = {
  args: {
    content: 'Откроет предпросмотр автокомплита в новом окне',
    children: <Button size="sm">AUTO</Button>,
  },
};
export const LongText: Story = {
  args: {
    placement: 'right',
    content:
      'Интервал обновления фида в минутах: меньше 15 не рекомендуется, меньше 10 требует согласования с эксплуатацией.',
  },
};
