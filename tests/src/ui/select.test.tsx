import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select } from '#src/ui/select/select.tsx';
import type { SelectOption, SelectProps } from '#src/ui/select/select.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

const sites: SelectOption<number>[] = [
  { value: 1, label: 'shop.example.ru' },
  { value: 2, label: 'books.example.ru' },
  { value: 3, label: 'toys.example.com', disabled: true },
  { value: 4, label: 'fashion.example.ru' },
];

function Controlled(props: Partial<SelectProps<number>> & { spy?: (value: number) => void }) {
  const { spy, ...rest } = props;
  const [value, setValue] = useState<number | null>(null);
  return (
    <Select<number>
      label="Сайт"
      options={sites}
      {...rest}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
    />
  );
}

describe('Select', () => {
  it('opens on click and picks an option with the mouse', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Controlled spy={spy} />);
    const combo = screen.getByRole('combobox', { name: 'Сайт' });
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    await user.click(combo);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.click(screen.getByRole('option', { name: 'books.example.ru' }));
    expect(spy).toHaveBeenCalledWith(2);
    expect(combo).toHaveValue('books.example.ru');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by typing and chooses with the keyboard', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Controlled spy={spy} />);
    const combo = screen.getByRole('combobox', { name: 'Сайт' });
    await user.click(combo);
    await user.type(combo, '.ru');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'shop.example.ru',
      'books.example.ru',
      'fashion.example.ru',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combo.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'fashion.example.ru' }).id,
    );
    await user.keyboard('{Enter}');
    expect(spy).toHaveBeenCalledWith(4);
  });

  it('ignores disabled options and closes on Escape', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Controlled spy={spy} />);
    const combo = screen.getByRole('combobox', { name: 'Сайт' });
    await user.click(combo);
    await user.click(screen.getByRole('option', { name: 'toys.example.com' }));
    expect(spy).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the empty text when nothing matches', async () => {
    const { user } = renderWithProviders(<Controlled />, { locale: 'en' });
    await user.type(screen.getByRole('combobox'), 'zzz');
    expect(
      screen.getByText('There are no options available or your filter query is too specific'),
    ).toBeInTheDocument();
  });

  it('debounces server-side search by 300 ms', async () => {
    const onQueryChange = vi.fn();
    const { user } = renderWithProviders(
      <Controlled onQueryChange={onQueryChange} filterLocally={false} />,
    );
    const started = Date.now();
    await user.type(screen.getByRole('combobox'), 'sho');
    expect(onQueryChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onQueryChange).toHaveBeenCalledWith('sho'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it('works from the keyboard when not searchable', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Controlled spy={spy} searchable={false} />);
    await user.tab();
    const combo = screen.getByRole('combobox', { name: 'Сайт' });
    expect(combo).toHaveFocus();
    await user.keyboard(' ');
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown} ');
    expect(spy).toHaveBeenCalledWith(2);
    await user.keyboard('{ArrowDown}{End}{Enter}');
    expect(spy).toHaveBeenLastCalledWith(4);
  });

  it('shows selectedLabel when the value is not among the options', () => {
    renderWithProviders(
      <Select<number>
        label="Сайт"
        options={[]}
        value={42}
        selectedLabel="archive.example.ru"
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Сайт' })).toHaveValue('archive.example.ru');
  });

  it('has no serious a11y violations, closed and open', async () => {
    const { user } = renderWithProviders(<Controlled hint="Сайт для отчётов" />);
    await expectNoSeriousA11yViolations();
    await user.click(screen.getByRole('combobox'));
    await expectNoSeriousA11yViolations();
  });
});
