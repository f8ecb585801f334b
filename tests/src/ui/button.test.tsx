import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button, IconButton } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('Button, IconButton, Badge, Checkbox, Spinner', () => {
  it('clicks, and a loading button is busy and disabled', async () => {
    const onClick = vi.fn();
    const { user, rerender } = renderWithProviders(<Button onClick={onClick}>Сохранить</Button>);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading>
        Сохранить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Сохранить' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('a disabled button with a reason stays focusable, says why and ignores clicks', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user, rerender } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <Button
          type="submit"
          onClick={onClick}
          disabled
          disabledReason="Это могут роли «Интегратор»"
        >
          Сохранить
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Сохранить' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('title', 'Это могут роли «Интегратор»');
    expect(button).toHaveAccessibleDescription('Это могут роли «Интегратор»');
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    button.blur();
    await user.tab();
    expect(button).toHaveFocus();
    // the reason is shown only while the button is disabled
    rerender(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick} disabledReason="Это могут роли «Интегратор»">
          Сохранить
        </Button>
      </form>,
    );
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('title');
    expect(button).not.toHaveAccessibleDescription();
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('names icon buttons', () => {
    renderWithProviders(<IconButton label="Удалить">✕</IconButton>);
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
  });

  it('toggles a checkbox by its label', async () => {
    const onCheckedChange = vi.fn();
    const { user } = renderWithProviders(
      <Checkbox label="Я согласен" onCheckedChange={onCheckedChange} />,
    );
    await user.click(screen.getByText('Я согласен'));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Я согласен' })).toBeChecked();
  });

  it('spinner announces loading in the active language', () => {
    renderWithProviders(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
  });

  it('has no serious a11y violations', async () => {
    const { container } = renderWithProviders(
      <div>
        <Button variant="primary">Создать</Button>
        <Badge tone="success">Активен</Badge>
        <Checkbox label="Показать отключённые" />
        <Spinner />
      </div>,
    );
    await expectNoSeriousA11yViolations(container);
  });
});

describe('DeleteButton', () => {
  it('is a danger button that deletes only after a confirmation naming what goes', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithProviders(<DeleteButton name="Группа 1" onDelete={onDelete} />);
    const button = screen.getByRole('button', { name: 'Удалить' });
    expect(button.className).toContain('ui-button--danger');
    await user.click(button);
    expect(onDelete).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Удалить «Группа 1»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    const again = screen.getByRole('dialog');
    const confirm = within(again).getByRole('button', { name: 'Удалить' });
    expect(confirm.className).toContain('ui-button--danger');
    await user.click(confirm);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
