import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScheduleEditor } from '#src/ui/schedule/schedule-editor.tsx';
import { buildCron, parseCron } from '#src/ui/schedule/schedule-cron.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('schedule cron', () => {
  it('reads back every mode it writes, and keeps anything else as raw cron', () => {
    for (const cron of ['*/15 * * * *', '0 */4 * * *', '20 * * * *', '30 3 * * *', '0 9 * * 1-5']) {
      expect(buildCron(parseCron(cron))).toBe(cron);
    }
    expect(parseCron('0 9 * * 1-5').mode).toBe('cron');
    expect(parseCron('30 3 * * *')).toMatchObject({ mode: 'daily', time: '03:30' });
  });
});

describe('ScheduleEditor', () => {
  it('sets a new schedule with the keyboard, with the host advice for its interval', async () => {
    const onSave = vi.fn();
    const { user, baseElement } = renderWithProviders(
      <ScheduleEditor
        title="Расписание"
        value={null}
        defaultTimeZone="Europe/Moscow"
        onSave={onSave}
        advice={(minutes) => (minutes !== null && minutes < 10 ? 'Согласуйте' : null)}
      />,
    );
    expect(screen.getByText('Расписания нет: задание запускается только вручную')).toBeVisible();
    const mode = screen.getByRole('combobox', { name: 'Как часто' });
    await user.click(mode);
    await user.keyboard('{Escape}');
    mode.focus();
    await user.keyboard('{ArrowDown}{Home}{Enter}');
    expect(mode).toHaveValue('Каждые N минут');
    const every = screen.getByLabelText('Интервал, минут');
    await user.clear(every);
    await user.type(every, '5');
    expect(screen.getByText('Согласуйте')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Сохранить расписание' }));
    expect(onSave).toHaveBeenCalledWith({
      cron: '*/5 * * * *',
      timeZone: 'Europe/Moscow',
      enabled: true,
    });
    await expectNoSeriousA11yViolations(baseElement);
  });

  it('opens a saved schedule in its mode, refuses a bad interval and offers deleting', async () => {
    const onSave = vi.fn();
    const onDelete = vi.fn();
    const { user } = renderWithProviders(
      <ScheduleEditor
        title="Расписание"
        value={{ cron: '0 */4 * * *', timeZone: 'UTC', enabled: true }}
        defaultTimeZone="Europe/Moscow"
        onSave={onSave}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Как часто' })).toHaveValue('Каждые N часов');
    const save = screen.getByRole('button', { name: 'Сохранить расписание' });
    expect(save).toBeDisabled();
    const every = screen.getByLabelText('Интервал, часов');
    await user.clear(every);
    await user.type(every, '30');
    expect(screen.getByRole('alert')).toHaveTextContent('от 1 до 23');
    expect(save).toBeDisabled();
    await user.clear(every);
    await user.type(every, '2');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ cron: '0 */2 * * *', timeZone: 'UTC', enabled: true });
    await user.click(screen.getByRole('button', { name: 'Удалить расписание' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(onDelete).toHaveBeenCalled();
  });

  it('shows a read-only schedule without actions', () => {
    renderWithProviders(
      <ScheduleEditor
        title="Расписание"
        value={{ cron: '30 3 * * *', timeZone: 'UTC', enabled: false }}
        defaultTimeZone="UTC"
        onSave={() => undefined}
        readOnly
      />,
    );
    expect(screen.getByText('Расписание «30 3 * * *» (UTC) приостановлено')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Сохранить расписание' })).toBeNull();
  });
});
