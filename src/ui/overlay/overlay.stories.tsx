import type { Meta, StoryObj } from '@storybook/react-vite';
import '../ui.css';
import { Overlay } from './overlay.tsx';

const meta = {
  title: 'UI/Overlay',
  component: Overlay,
  args: { open: true },
  decorators: [
    (Story) => (
      <div>
        <p>Страница под оверлеем не прокручивается.</p>
        {Story()}
      </div>
    ),
  ],
} satisfies Meta<typeof Overlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Closed: Story = { args: { open: false } };
export const CustomContent: Story = {
  args: { children: <p className="ui-badge ui-badge--accent">Идёт генерация конфигурации…</p> },
};
