import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import type { ModalMode } from '#src/ui/modal/modal.tsx';
import { scrollLockCount } from '#src/ui/overlay/scroll-lock.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

function Harness({ mode, onConfirm }: { mode?: ModalMode; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Сайт"
        mode={mode}
        onConfirm={onConfirm}
      >
        <label>
          Название <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a labelled dialog 600 px wide, traps focus, closes on Escape and returns focus', async () => {
    const { user } = renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Сайт' });
    expect(dialog).toHaveStyle({ maxWidth: '600px' });
    expect(dialog).toHaveAttribute('data-mode', 'VIEW');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      // Floating UI's focus guards send focus back inside on the next frame.
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('VIEW has Close; EDIT has Cancel and Save; CREATE has Cancel and Create', async () => {
    const onConfirm = vi.fn();
    const { user, unmount } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.getAllByRole('button', { name: 'Закрыть' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    unmount();

    const edit = renderWithProviders(<Harness mode="EDIT" onConfirm={onConfirm} />);
    await edit.user.click(screen.getByRole('button', { name: 'Открыть' }));
    await edit.user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await edit.user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    edit.unmount();

    const create = renderWithProviders(<Harness mode="CREATE" />);
    await create.user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.getByRole('button', { name: 'Создать' })).toBeInTheDocument();
  });

  it('locks page scroll while open', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(scrollLockCount()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getAllByRole('button', { name: 'Закрыть' })[0] as HTMLElement);
    expect(scrollLockCount()).toBe(0);
    expect(document.body.style.overflow).toBe('');
  });

  it('has no serious a11y violations', async () => {
    const { user } = renderWithProviders(<Harness mode="EDIT" />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    await expectNoSeriousA11yViolations(screen.getByRole('dialog'));
  });

  it('Escape in an open select closes the list, not the dialog; the next Escape closes the dialog', async () => {
    function WithSelect() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <Modal open onClose={onClose} title="Правило">
          <Select<number>
            label="Тип"
            options={[
              { value: 1, label: 'Буст' },
              { value: 2, label: 'Пессимизация' },
            ]}
            value={value}
            onChange={setValue}
          />
        </Modal>
      );
    }
    const onClose = vi.fn();
    const { user } = renderWithProviders(<WithSelect />);
    // The dialog moves focus into itself a frame after it opens, as a user sees it: a click on
    // the select before that lost the list to the blur (a flake on a loaded machine).
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
    );
    const combo = screen.getByRole('combobox', { name: 'Тип' });
    await user.click(combo);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
