import type { Meta, StoryObj } from '@storybook/react-vite';
import '../ui.css';
import { Button } from '../button/button.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';

const meta = {
  title: 'UI/ReadOnlyNotice',
  component: ReadOnlyNotice,
  args: {
    children:
      'Только просмотр: изменять могут роли «Интегратор» и «Менеджер». Поля и кнопки неактивны; права выдаёт администратор.',
  },
} satisfies Meta<typeof ReadOnlyNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const AdminOnly: Story = {
  args: {
    children: 'Только просмотр: изменять может только администратор. Поля и кнопки неактивны.',
  },
};
/** Above a form whose button says the same reason on hover and to screen readers. */
export const AboveAForm: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 520 }}>
      <ReadOnlyNotice {...args} />
      <label>
        Размер страницы <input className="ui-input" defaultValue="20" disabled />
      </label>
      <div>
        <Button
          variant="primary"
          disabledReason="Недоступно вашей роли: это могут роли «Интегратор»."
        >
          Сохранить
        </Button>
      </div>
    </div>
  ),
};
