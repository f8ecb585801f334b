import type { Meta, StoryObj } from '@storybook/react-vite';
import '../ui.css';
import { ScheduleEditor } from './schedule-editor.tsx';

const meta = {
  title: 'UI/ScheduleEditor',
  component: ScheduleEditor,
  args: {
    title: 'Расписание загрузки фида',
    defaultTimeZone: 'Europe/Moscow',
    value: null,
    onSave: () => undefined,
  },
} satisfies Meta<typeof ScheduleEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

export const EveryFourHours: Story = {
  args: {
    value: { cron: '0 */4 * * *', timeZone: 'Europe/Moscow', enabled: true },
    nextRun: 'Nov 24th 2026, 16:00:00',
    lastRun: 'Nov 24th 2026, 12:00:00',
    onDelete: () => undefined,
  },
};

export const WithAdvice: Story = {
  args: {
    value: { cron: '*/5 * * * *', timeZone: 'UTC', enabled: false },
    advice: (minutes) =>
      minutes !== null && minutes < 10
        ? 'Интервал меньше 10 минут согласуйте с эксплуатацией'
        : null,
  },
};

export const ReadOnly: Story = {
  args: {
    value: { cron: '30 3 * * 1', timeZone: 'UTC', enabled: true },
    readOnly: true,
  },
};
