import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { CreateModal } from '#src/ui/create-modal/create-modal.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';

const schema = z.strictObject({ name: z.string().trim().min(1) });

/** The focus manager moves focus into the dialog a frame after it opens; typing before that loses keys under load. */
async function focusSettled() {
  const dialog = screen.getByRole('dialog', { name: 'Новая вещь' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
}

async function setup(create: (values: { name: string }) => Promise<number>) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <CreateModal
      formId="create-thing"
      title="Новая вещь"
      schema={schema}
      defaultValues={{ name: '' }}
      create={create}
      pending={false}
      onClose={onClose}
      onCreated={onCreated}
    >
      <FormTextField name="name" label="Название" required />
    </CreateModal>,
  );
  await focusSettled();
  return { ...view, onCreated, onClose };
}

describe('CreateModal', () => {
  it('validates with the schema, creates with the parsed values and hands over what was made', async () => {
    const create = vi.fn(async () => 42);
    const { user, onCreated } = await setup(create);
    const dialog = screen.getByRole('dialog', { name: 'Новая вещь' });
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Название/), '  Хиты  ');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(42));
    expect(create).toHaveBeenCalledWith({ name: 'Хиты' });
    expect(dialog).toBeInTheDocument();
  });

  it('stays open without onCreated when the create call fails', async () => {
    const create = vi.fn(() => Promise.reject(new Error('409')));
    const { user, onCreated, onClose } = await setup(create);
    await user.type(screen.getByLabelText(/Название/), 'Хиты');
    expect(screen.getByLabelText(/Название/)).toHaveValue('Хиты');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onCreated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Новая вещь' })).toBeInTheDocument();
  });
});
