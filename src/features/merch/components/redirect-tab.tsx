import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import {
  redirectRuleInput,
  redirectUrl,
  type RedirectRule,
} from '#contract/entities/merchandising.ts';
import { ApiError } from '#contract/client.ts';
import { uploadRedirectsRoute } from '#contract/routes/merchandising.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { useResource } from '#src/lib/resource.ts';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { ResourceTable, ResourceToolbar } from '#src/ui/resource/resource-table.tsx';
import { ResourceUploads } from '#src/ui/resource/resource-uploads.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { redirectRules } from '../api/resources.ts';
import { Pager } from './merch-parts.tsx';

const PAGE = 20;

const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** The redirect form: the contract's input, an empty optional field sent as null. */
const redirectForm = redirectRuleInput.extend({
  mobileUrl: z.preprocess(emptyToNull, redirectUrl.nullable()),
  name: z.preprocess(emptyToNull, z.string().trim().max(200).nullable()),
});

/** The redirects tab of /merch-rules/search: list, filter, create, edit, delete, upload. */
export function RedirectTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<RedirectRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RedirectRule | null>(null);
  const redirects = useResource(redirectRules, siteId, { offset, limit: PAGE, text });
  const canEdit = redirects.canEdit;
  const rule = editing === 'new' ? null : editing;
  return (
    <>
      <ResourceToolbar
        createLabel={t('merch.actions.createRedirect')}
        onCreate={canEdit ? () => setEditing('new') : undefined}
      >
        <TextInput
          label={t('merch.filter.text')}
          value={text}
          onChange={(v) => {
            setText(v);
            setOffset(0);
          }}
        />
      </ResourceToolbar>
      <ResourceTable
        caption={t('merch.tabs.redirect')}
        rows={redirects.list.data?.items ?? []}
        rowKey={(row) => row.id}
        loading={redirects.list.isLoading}
        emptyText={t('merch.empty')}
        columns={[
          {
            key: 'query',
            header: t('merch.columns.query'),
            rowHeader: true,
            cell: (row) => row.query,
          },
          {
            key: 'url',
            header: t('merch.columns.url'),
            className: 'merch-items',
            cell: (row) => row.url,
          },
          {
            key: 'mobileUrl',
            header: t('merch.columns.mobileUrl'),
            className: 'merch-items',
            cell: (row) => row.mobileUrl ?? '—',
          },
          { key: 'name', header: t('merch.columns.name'), cell: (row) => row.name ?? '—' },
        ]}
        actions={
          canEdit
            ? { name: (row) => row.query, onEdit: setEditing, onDelete: setDeleting }
            : undefined
        }
      />
      <Pager
        offset={offset}
        limit={PAGE}
        total={redirects.list.data?.total ?? 0}
        onOffset={setOffset}
      />
      {canEdit && (
        <ResourceUploads
          slots={[
            {
              key: 'redirects',
              label: t('merch.upload.redirects'),
              hint: t('merch.upload.redirectsHint'),
              upload: redirects.uploadTo(uploadRedirectsRoute, { query: { siteId } }),
            },
          ]}
        />
      )}
      {editing && (
        <ResourceFormModal
          formId="merch-redirect"
          mode={rule ? 'EDIT' : 'CREATE'}
          title={rule ? t('merch.redirect.editTitle') : t('merch.redirect.createTitle')}
          schema={redirectForm}
          defaultValues={{
            query: rule?.query ?? '',
            url: rule?.url ?? '',
            mobileUrl: rule?.mobileUrl ?? '',
            name: rule?.name ?? '',
          }}
          save={(input) => redirects.save.mutateAsync({ id: rule?.id, input })}
          pending={redirects.save.isPending}
          onClose={() => setEditing(null)}
          onError={(error, form) => {
            if (applyServerIssues(error, form.setError)) return;
            form.setError('root.server', {
              message: error instanceof ApiError ? error.message : String(error),
            });
          }}
        >
          <FormTextField name="query" label={t('merch.redirect.query')} required />
          <FormTextField
            name="url"
            label={t('merch.redirect.url')}
            hint={t('merch.redirect.urlHint')}
            required
          />
          <FormTextField name="mobileUrl" label={t('merch.redirect.mobileUrl')} />
          <FormTextField name="name" label={t('merch.redirect.name')} />
        </ResourceFormModal>
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('merch.actions.deleteTitle')}
          text={t('merch.actions.deleteText', { name: deleting.name ?? deleting.query })}
          remove={(row) => redirects.remove.mutateAsync(row.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
