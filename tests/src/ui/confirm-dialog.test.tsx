import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';

const ROOT = join(import.meta.dirname, '../../..');

/** Every source file of the console and the studio, with its text. */
function sources(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name))
        out.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'studio'));
  return out;
}

describe('confirmations', () => {
  it("never use the browser's confirm()", () => {
    const found = sources()
      .filter(({ text }) => /(^|[^\w.$])(window\.)?confirm\s*\(/m.test(text))
      .map(({ path }) => path);
    expect(found).toEqual([]);
  });

  it('are all the one ConfirmDialog: no other modal has a danger confirm button', () => {
    const found = sources()
      .filter(({ path }) => !/^src\/ui\/(confirm-dialog|modal)\//.test(path))
      .filter(({ text }) => /confirmVariant=["{]/.test(text))
      .map(({ path }) => path);
    expect(found).toEqual([]);
  });

  it('is danger-styled, names the action and runs it once confirmed', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmDialog title="Удалить виджет «Хиты»?" onConfirm={onConfirm} onClose={onClose}>
        <p>Это действие нельзя отменить.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Удалить виджет «Хиты»?' });
    expect(dialog).toHaveAttribute('data-tone', 'danger');
    const confirm = screen.getByRole('button', { name: 'Удалить' });
    expect(confirm.className).toContain('ui-button--danger');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open when the action fails, and Cancel runs nothing', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('409')));
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmDialog title="Удалить?" onConfirm={onConfirm} onClose={onClose}>
        <p>Текст</p>
      </ConfirmDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
