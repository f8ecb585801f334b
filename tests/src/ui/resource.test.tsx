import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { useState } from 'react';
import {
  ResourceBulkBar,
  ResourceTable,
  ResourceToolbar,
} from '#src/ui/resource/resource-table.tsx';
import { ResourceUploads } from '#src/ui/resource/resource-uploads.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';

interface Row {
  id: number;
  name: string;
  weight: number;
}
const rows: Row[] = [
  { id: 1, name: 'Хиты', weight: 3 },
  { id: 2, name: 'Новинки', weight: 10 },
];
const columns = [
  { key: 'name', header: 'Название', rowHeader: true, cell: (row: Row) => row.name },
  {
    key: 'weight',
    header: 'Вес',
    numeric: true,
    cell: (row: Row) => String(row.weight),
    sortValue: (row: Row) => row.weight,
  },
];

describe('ResourceTable', () => {
  it('draws the rows with row headers and buttons named after each row', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { user } = renderWithProviders(
      <ResourceTable<Row>
        caption="Правила"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        actions={{ name: (row) => row.name, onEdit, onDelete }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Правила' });
    expect(within(table).getByRole('rowheader', { name: 'Хиты' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Действия' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изменить Новинки' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
    await user.click(screen.getByRole('button', { name: 'Удалить Хиты' }));
    expect(onDelete).toHaveBeenCalledWith(rows[0]);
  });

  it('has no actions column for a reader, and says when it is empty or loading', () => {
    const { rerender } = renderWithProviders(
      <ResourceTable<Row> caption="Правила" rows={[]} rowKey={(row) => row.id} columns={columns} />,
    );
    expect(screen.queryByRole('columnheader', { name: 'Действия' })).toBeNull();
    expect(screen.getByText('Нет данных')).toBeInTheDocument();
    rerender(
      <ResourceTable<Row>
        caption="Правила"
        rows={[]}
        loading
        rowKey={(row) => row.id}
        columns={columns}
      />,
    );
    expect(screen.queryByText('Нет данных')).toBeNull();
  });

  it('keeps the given order unless asked to sort, and then sorts by sortValue only', async () => {
    const { user } = renderWithProviders(
      <ResourceTable<Row>
        caption="Правила"
        rows={[rows[1]!, rows[0]!]}
        rowKey={(row) => row.id}
        columns={columns}
        sortable
      />,
    );
    const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names()).toEqual(['Новинки', 'Хиты']);
    // The name column has no sortValue: its header is not a sort button.
    expect(screen.queryByRole('button', { name: /Название/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Вес/ }));
    expect(names()).toEqual(['Хиты', 'Новинки']);
  });
});

describe('ResourceTable selection and ResourceBulkBar', () => {
  /** A list whose ticked rows a bulk bar acts on. */
  function Ticked({ onDelete }: { onDelete: (ids: string[]) => void }) {
    const [selected, setSelected] = useState<Set<string>>(() => new Set());
    return (
      <>
        <ResourceBulkBar count={selected.size} onClear={() => setSelected(new Set())}>
          <button type="button" onClick={() => onDelete([...selected])}>
            Удалить выбранные
          </button>
        </ResourceBulkBar>
        <ResourceTable<Row>
          caption="Правила"
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
          selection={{ selected, onChange: setSelected, name: (row) => row.name }}
        />
      </>
    );
  }

  it('ticks rows one by one or all at once; the bar counts them, acts on them and clears them', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithProviders(<Ticked onDelete={onDelete} />);
    expect(screen.queryByRole('group', { name: 'Действия с выбранными' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать «Новинки»' }));
    const bar = screen.getByRole('group', { name: 'Действия с выбранными' });
    expect(bar).toHaveTextContent('Выбрана 1 запись');
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все строки на странице' }));
    expect(bar).toHaveTextContent('Выбраны 2 записи');
    expect(screen.getByRole('checkbox', { name: 'Выбрать «Хиты»' })).toBeChecked();
    await user.click(within(bar).getByRole('button', { name: 'Удалить выбранные' }));
    expect(onDelete).toHaveBeenCalledWith(['2', '1']);
    await user.click(within(bar).getByRole('button', { name: 'Снять выбор' }));
    expect(screen.queryByRole('group', { name: 'Действия с выбранными' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Выбрать «Хиты»' })).not.toBeChecked();
  });
});

describe('ResourceToolbar', () => {
  it('shows the create button only with onCreate', async () => {
    const onCreate = vi.fn();
    const { user, rerender } = renderWithProviders(
      <ResourceToolbar createLabel="Создать правило" onCreate={onCreate} />,
    );
    await user.click(screen.getByRole('button', { name: 'Создать правило' }));
    expect(onCreate).toHaveBeenCalledOnce();
    rerender(<ResourceToolbar createLabel="Создать правило" />);
    expect(screen.queryByRole('button', { name: 'Создать правило' })).toBeNull();
  });
});

const schema = z.strictObject({ name: z.string().trim().min(1) });

async function openForm(save: (values: { name: string }) => Promise<unknown>) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const onError = vi.fn();
  const view = renderWithProviders(
    <ResourceFormModal
      formId="rule"
      mode="EDIT"
      title="Правило"
      schema={schema}
      defaultValues={{ name: 'Хиты' }}
      save={save}
      pending={false}
      onClose={onClose}
      onSaved={onSaved}
      onError={(error, form) => {
        onError(error);
        form.setError('root.server', { message: 'Такое правило уже есть' });
      }}
    >
      <FormTextField name="name" label="Название" required />
    </ResourceFormModal>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Правило' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { ...view, onClose, onSaved, onError };
}

describe('ResourceFormModal', () => {
  it('validates with the schema, saves the parsed values and closes', async () => {
    const save = vi.fn(async () => undefined);
    const { user, onClose, onSaved } = await openForm(save);
    const field = screen.getByLabelText(/Название/);
    expect(field).toHaveValue('Хиты');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.type(field, '  Новинки ');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(save).toHaveBeenCalledWith({ name: 'Новинки' });
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('stays open with the error the host puts on the form when the save fails', async () => {
    const failure = new Error('409');
    const save = vi.fn(() => Promise.reject(failure));
    const { user, onClose, onSaved, onError } = await openForm(save);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Такое правило уже есть')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ResourceDeleteDialog', () => {
  it('deletes the row and closes; a failed delete keeps it open', async () => {
    const onClose = vi.fn();
    const remove = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({});
    const { user } = renderWithProviders(
      <ResourceDeleteDialog
        row={rows[0]!}
        title="Удалить «Хиты»?"
        text="Правило перестанет действовать."
        remove={remove}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('Правило перестанет действовать.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(remove).toHaveBeenLastCalledWith(rows[0]);
  });
});

describe('ResourceUploads', () => {
  it('draws one upload field per slot, and nothing without slots', () => {
    const upload = vi.fn();
    const { container, rerender } = renderWithProviders(
      <ResourceUploads
        slots={[
          { key: 'a', label: 'Правила из файла', upload },
          { key: 'b', label: 'Товары из файла', upload },
        ]}
      />,
    );
    expect(container.querySelectorAll('input[type=file]')).toHaveLength(2);
    expect(screen.getByText('Правила из файла')).toBeInTheDocument();
    rerender(<ResourceUploads slots={[]} />);
    expect(container.querySelectorAll('input[type=file]')).toHaveLength(0);
  });
});
