import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineEdit } from '#src/ui/inline-edit/inline-edit.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('InlineEdit', () => {
  it('shows the value with an edit button, and confirm emits the new value', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <InlineEdit value="Главная" label="Название вкладки" onConfirm={onConfirm} />,
    );
    expect(screen.getByText('Главная')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изменить: Название вкладки' }));
    const input = screen.getByRole('textbox', { name: 'Название вкладки' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Отчёт');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(onConfirm).toHaveBeenCalledWith('Отчёт');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('starts in edit mode when the value is empty', () => {
    renderWithProviders(<InlineEdit value="" label="Название" onConfirm={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Название' })).toBeInTheDocument();
  });

  it('cancel (button or Escape) restores the previous value', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <InlineEdit value="Старое" label="Название" onConfirm={onConfirm} />,
    );
    await user.click(screen.getByRole('button', { name: /Изменить/ }));
    await user.type(screen.getByRole('textbox'), ' новое');
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(screen.getByText('Старое')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Изменить/ }));
    expect(screen.getByRole('textbox')).toHaveValue('Старое');
    await user.type(screen.getByRole('textbox'), ' x{Escape}');
    expect(screen.getByText('Старое')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables confirm while required and empty; Enter confirms', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <InlineEdit value="" label="Название" required onConfirm={onConfirm} />,
    );
    const confirm = screen.getByRole('button', { name: 'Подтвердить' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(confirm).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox'), 'Да{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('   Да');
  });

  it('has no serious a11y violations in both modes', async () => {
    const { container, user } = renderWithProviders(
      <InlineEdit value="Текст" label="Название" onConfirm={() => undefined} />,
    );
    await expectNoSeriousA11yViolations(container);
    await user.click(screen.getByRole('button', { name: /Изменить/ }));
    await expectNoSeriousA11yViolations(container);
  });
});
