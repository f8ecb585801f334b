import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  formatDateRange,
  matchPreset,
  parseDateRange,
  presetRange,
} from '#src/ui/date-range-picker/date-range.ts';
import type { DatePreset, DateRange } from '#src/ui/date-range-picker/date-range.ts';
import { DateRangePicker } from '#src/ui/date-range-picker/date-range-picker.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

const NOW = new Date(2024, 2, 15, 13, 30); // Friday, 15 March 2024
const day = (d: number, m = 2, y = 2024) => new Date(y, m, d);

function Harness({
  initial,
  spy,
}: {
  initial?: DateRange;
  spy?: (range: DateRange, preset: DatePreset | undefined) => void;
}) {
  const [value, setValue] = useState<DateRange | undefined>(initial);
  return (
    <DateRangePicker
      now={NOW}
      value={value}
      onChange={(range, preset) => {
        spy?.(range, preset);
        setValue(range);
      }}
    />
  );
}

const trigger = () => screen.getByRole('button', { name: /^Период/ });

describe('date ranges', () => {
  it('computes the presets back from yesterday', () => {
    const text = (preset: DatePreset) => formatDateRange(presetRange(preset, NOW));
    expect(text('yesterday')).toBe('14.03.2024 - 14.03.2024');
    expect(text('last7Days')).toBe('08.03.2024 - 14.03.2024');
    expect(text('last30Days')).toBe('14.02.2024 - 14.03.2024');
    expect(text('last180Days')).toBe('17.09.2023 - 14.03.2024');
    expect(text('thisMonth')).toBe('01.03.2024 - 14.03.2024');
    expect(text('lastMonth')).toBe('01.02.2024 - 29.02.2024');
    expect(formatDateRange(presetRange('thisMonth', day(1, 3)))).toBe('31.03.2024 - 31.03.2024');
  });

  it('recognises presets and parses the text form back', () => {
    expect(matchPreset({ from: day(8), to: day(14) }, NOW)).toBe('last7Days');
    expect(matchPreset({ from: day(9), to: day(14) }, NOW)).toBeUndefined();
    expect(parseDateRange('08.03.2024 - 14.03.2024')).toEqual({ from: day(8), to: day(14) });
    expect(parseDateRange('14.03.2024 - 08.03.2024')).toBeUndefined();
    expect(parseDateRange('2024-03-08')).toBeUndefined();
  });
});

describe('DateRangePicker', () => {
  it('applies a preset at once and shows the range as text', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness spy={spy} />);
    expect(trigger()).toHaveAccessibleName('Период Выберите период');
    await user.click(trigger());
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Последние 7 дней' }));
    expect(spy).toHaveBeenCalledWith({ from: day(8), to: day(14) }, 'last7Days');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('08.03.2024 - 14.03.2024 · Последние 7 дней');
  });

  it('shows Russian names, Monday first, and nothing after yesterday', async () => {
    const { user } = renderWithProviders(<Harness initial={{ from: day(8), to: day(14) }} />);
    await user.click(trigger());
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(/март 2024/i);
    expect(dialog).toHaveTextContent(/февраль 2024/i);
    const weekdays = [...dialog.querySelectorAll('.rdp-weekday')].slice(0, 7);
    expect(weekdays.map((th) => th.textContent)).toEqual([
      'пн',
      'вт',
      'ср',
      'чт',
      'пт',
      'сб',
      'вс',
    ]);
    expect(weekdays[0]).toHaveAttribute('aria-label', 'понедельник');
    expect(within(dialog).getByRole('button', { name: /, 15 марта 2024/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /, 14 марта 2024/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Последние 7 дней' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('applies a custom range after the second click, in either order', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness spy={spy} />);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: /, 10 марта 2024/ }));
    expect(spy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /, 3 марта 2024/ }));
    expect(spy).toHaveBeenCalledWith({ from: day(3), to: day(10) }, undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('03.03.2024 - 10.03.2024 · Произвольные даты');
  });

  it('follows the interface language', async () => {
    const { user } = renderWithProviders(<Harness initial={{ from: day(1), to: day(14) }} />, {
      locale: 'en',
    });
    // The console's English dates, not the Russian numeric ones.
    expect(screen.getByRole('button', { name: /^Period/ })).toHaveTextContent(
      'Mar 1st 2024 - Mar 14th 2024',
    );
    await user.click(screen.getByRole('button', { name: /^Period/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(/March 2024/);
    expect(within(dialog).getByRole('button', { name: 'Last month' })).toBeInTheDocument();
    expect(dialog.querySelector('.rdp-weekday')).toHaveAttribute('aria-label', 'Monday');
  });

  it('closes on Escape and has no serious a11y violations', async () => {
    const { user } = renderWithProviders(<Harness initial={{ from: day(1), to: day(14) }} />);
    await expectNoSeriousA11yViolations();
    await user.click(trigger());
    await expectNoSeriousA11yViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
