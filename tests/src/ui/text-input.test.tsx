import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeOnBlur } from '#src/ui/text-input/normalize.ts';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import type { TextInputProps } from '#src/ui/text-input/text-input.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

function Controlled(
  props: Omit<TextInputProps, 'value' | 'onChange'> & {
    initial?: string;
    spy?: (v: string) => void;
  },
) {
  const { initial = '', spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      {...rest}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TextInput', () => {
  it('labels the input, links the hint and has no maxLength by default', () => {
    renderWithProviders(<Controlled label="Название" hint="Как в договоре" />);
    const input = screen.getByRole('textbox', { name: 'Название' });
    expect(input).not.toHaveAttribute('maxLength');
    expect(input).toHaveAccessibleDescription('Как в договоре');
  });

  it('emits onEnter with the current value', async () => {
    const onEnter = vi.fn();
    const { user } = renderWithProviders(<Controlled label="Поиск" onEnter={onEnter} />);
    await user.type(screen.getByRole('textbox', { name: 'Поиск' }), 'кроссовки{Enter}');
    expect(onEnter).toHaveBeenCalledWith('кроссовки');
  });

  it('trims, rounds and clamps on blur', async () => {
    const { user } = renderWithProviders(
      <>
        <Controlled label="Имя" trim />
        <Controlled label="Порог" round={2} min={0} max={2} />
        <Controlled label="Количество" round min={1} max={50} />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Имя' }), '  Иван  ');
    await user.type(screen.getByRole('textbox', { name: 'Порог' }), '1,23456');
    await user.type(screen.getByRole('textbox', { name: 'Количество' }), '70.4');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Иван');
    expect(screen.getByRole('textbox', { name: 'Порог' })).toHaveValue('1.23');
    expect(screen.getByRole('textbox', { name: 'Количество' })).toHaveValue('50');
  });

  it('shows the error about one second after mount', () => {
    vi.useFakeTimers();
    renderWithProviders(<Controlled label="URL" error="Неверный URL" />);
    const input = screen.getByRole('textbox', { name: 'URL' });
    expect(screen.queryByText('Неверный URL')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('Неверный URL')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Неверный URL');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Неверный URL');
  });

  it('shows the error right after blur', async () => {
    const { user } = renderWithProviders(
      <Controlled label="URL" error="Неверный URL" errorDelayMs={60_000} />,
    );
    await user.click(screen.getByRole('textbox', { name: 'URL' }));
    expect(screen.queryByText('Неверный URL')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Неверный URL')).toBeInTheDocument();
  });

  it('has no serious a11y violations', async () => {
    const { container } = renderWithProviders(
      <Controlled label="Название" hint="Подсказка" error="Ошибка" errorDelayMs={0} required />,
    );
    await expectNoSeriousA11yViolations(container);
  });
});

describe('normalizeOnBlur', () => {
  it('leaves text alone without rules and keeps empty values empty', () => {
    expect(normalizeOnBlur(' a ', {})).toBe(' a ');
    expect(normalizeOnBlur('', { round: true, min: 1 })).toBe('');
    expect(normalizeOnBlur('abc', { min: 1 })).toBe('abc');
    expect(normalizeOnBlur('-3', { min: -9.99, max: 9.99 })).toBe('-3');
    expect(normalizeOnBlur('-30', { min: -9.99, max: 9.99 })).toBe('-9.99');
  });
});
