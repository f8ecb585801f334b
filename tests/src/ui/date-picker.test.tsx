import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from '#src/ui/date-picker/date-picker.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

const NOW = new Date(2024, 2, 15, 9);

function Harness({ spy }: { spy: (date: Date) => void }) {
  const [value, setValue] = useState<Date | undefined>();
  return (
    <DatePicker
      now={NOW}
      value={value}
      onChange={(date) => {
        spy(date);
        setValue(date);
      }}
    />
  );
}

describe('DatePicker', () => {
  it('picks one day, up to yesterday, and shows it as dd.mm.yyyy', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Дата Выберите дату' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(/март 2024/i);
    expect(screen.getByRole('button', { name: /, 15 марта 2024/ })).toBeDisabled();
    await expectNoSeriousA11yViolations();
    await user.click(screen.getByRole('button', { name: /, 5 марта 2024/ }));
    expect(spy).toHaveBeenCalledWith(new Date(2024, 2, 5));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Дата/ })).toHaveTextContent('05.03.2024');
  });
});
