import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import * as z from 'zod';
import '../ui.css';
import { FormCheckboxField, FormTextField } from '../form/form-field.tsx';
import { TextInput } from '../text-input/text-input.tsx';
import { ResourceDeleteDialog } from './resource-delete.tsx';
import { ResourceFormModal } from './resource-form-modal.tsx';
import { ResourceBulkBar, ResourceTable, ResourceToolbar } from './resource-table.tsx';
import { Button } from '../button/button.tsx';
import { ResourceUploads } from './resource-uploads.tsx';

interface Redirect {
  id: number;
  query: string;
  url: string;
  enabled: boolean;
}

const rows: Redirect[] = [
  { id: 1, query: 'доставка', url: 'https://shop.example/delivery', enabled: true },
  { id: 2, query: 'возврат', url: 'https://shop.example/returns', enabled: false },
  { id: 3, query: 'контакты', url: 'https://shop.example/contacts', enabled: true },
];

// Stands in for a contract schema: no user-facing text, keys only (STYLE.md 16).
const schema = z.strictObject({
  query: z.string().trim().min(1),
  url: z.string().trim().min(1),
  enabled: z.boolean(),
});

const onEdit = fn();
const onDelete = fn();
const save = fn(async () => undefined);
const remove = fn(async () => undefined);
const upload = fn(async () => ({ total: 3, accepted: 3, rejected: [] }));

/** A whole resource screen: filter and create, the list with its row actions, the upload slot. */
function Screen({ readOnly = false }: { readOnly?: boolean }) {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Redirect | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Redirect | null>(null);
  const shown = rows.filter((row) => row.query.includes(text));
  return (
    <div style={{ maxWidth: 900 }}>
      <ResourceToolbar
        createLabel="Создать редирект"
        onCreate={readOnly ? undefined : () => setEditing('new')}
      >
        <TextInput label="Запрос содержит" value={text} onChange={setText} />
      </ResourceToolbar>
      <ResourceTable<Redirect>
        caption="Редиректы"
        rows={shown}
        rowKey={(row) => row.id}
        columns={[
          { key: 'query', header: 'Запрос', rowHeader: true, cell: (row) => row.query },
          { key: 'url', header: 'Адрес', cell: (row) => row.url },
          { key: 'enabled', header: 'Включено', cell: (row) => (row.enabled ? 'да' : 'нет') },
        ]}
        actions={
          readOnly
            ? undefined
            : {
                name: (row) => row.query,
                onEdit: (row) => {
                  onEdit(row.id);
                  setEditing(row);
                },
                onDelete: (row) => {
                  onDelete(row.id);
                  setDeleting(row);
                },
              }
        }
      />
      {!readOnly && (
        <ResourceUploads
          slots={[
            { key: 'redirects', label: 'Редиректы из файла', hint: 'CSV: запрос, адрес', upload },
          ]}
        />
      )}
      {editing && (
        <ResourceFormModal
          formId="story-redirect"
          mode={editing === 'new' ? 'CREATE' : 'EDIT'}
          title={editing === 'new' ? 'Новый редирект' : 'Редирект'}
          schema={schema}
          defaultValues={editing === 'new' ? { query: '', url: '', enabled: true } : { ...editing }}
          save={save}
          pending={false}
          onClose={() => setEditing(null)}
        >
          <FormTextField name="query" label="Запрос" required />
          <FormTextField name="url" label="Адрес" required />
          <FormCheckboxField name="enabled" label="Включено" />
        </ResourceFormModal>
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={`Удалить «${deleting.query}»?`}
          text="Запрос перестанет вести на страницу."
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

const meta = {
  title: 'UI/Resource',
  component: Screen,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Editable: Story = {};
export const ReadOnly: Story = { args: { readOnly: true } };

export const Empty: Story = {
  render: () => (
    <ResourceTable<Redirect>
      caption="Редиректы"
      rows={[]}
      rowKey={(row) => row.id}
      columns={[{ key: 'query', header: 'Запрос', cell: (row) => row.query }]}
    />
  ),
};

export const Loading: Story = {
  render: () => (
    <ResourceTable<Redirect>
      caption="Редиректы"
      rows={[]}
      loading
      rowKey={(row) => row.id}
      columns={[{ key: 'query', header: 'Запрос', cell: (row) => row.query }]}
    />
  ),
};

export const FormOpen: Story = {
  render: () => (
    <ResourceFormModal
      formId="story-redirect-open"
      mode="CREATE"
      title="Новый редирект"
      schema={schema}
      defaultValues={{ query: '', url: '', enabled: true }}
      save={save}
      pending={false}
      onClose={fn()}
    >
      <FormTextField name="query" label="Запрос" required />
      <FormTextField name="url" label="Адрес" required />
    </ResourceFormModal>
  ),
};

export const DeleteOpen: Story = {
  render: () => (
    <ResourceDeleteDialog
      row={rows[0]}
      title="Удалить «доставка»?"
      text="Запрос перестанет вести на страницу."
      remove={remove}
      onClose={fn()}
    />
  ),
};

/** Rows ticked for an action on several at once: the bar counts them and acts on them. */
function Ticked() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set(['1', '3']));
  return (
    <div style={{ maxWidth: 900 }}>
      <ResourceBulkBar count={selected.size} onClear={() => setSelected(new Set())}>
        <Button size="sm">Включить на сайте</Button>
        <Button size="sm" variant="danger">
          Удалить выбранные
        </Button>
      </ResourceBulkBar>
      <ResourceTable<Redirect>
        caption="Редиректы"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { key: 'query', header: 'Запрос', cell: (row) => row.query },
          { key: 'url', header: 'Адрес', cell: (row) => row.url },
        ]}
        selection={{ selected, onChange: setSelected, name: (row) => row.query }}
      />
    </div>
  );
}

export const Selectable: Story = { render: () => <Ticked /> };
