import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { CustomReportTab } from '#contract/entities/custom-report.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';
import { Select } from '#src/ui/select/select.tsx';
import {
  reportChartsQueryOptions,
  reportUsersQueryOptions,
  useCreateTabMutation,
  useDeleteTabMutation,
  useEnableTabMutation,
  useUpdateTabMutation,
  userTabsQueryOptions,
} from '../api/custom-report-queries.ts';
import { TabFormModal } from './tab-form.tsx';
import '../reports.css';

const tab = createColumnHelper<CustomReportTab>();
type Editing = { mode: 'CREATE' } | { mode: 'EDIT'; tab: CustomReportTab };

/** Custom report administration (admins and superusers): a user's tabs, created and edited here. */
export default function CustomReportingPage() {
  const { t } = useTranslation();
  const users = useQuery(reportUsersQueryOptions());
  const [login, setLogin] = useState<string | null>(null);
  const tabs = useQuery({ ...userTabsQueryOptions(login ?? ''), enabled: login !== null });
  const [editing, setEditing] = useState<Editing | null>(null);
  const catalogue = useQuery(reportChartsQueryOptions());
  const [deleting, setDeleting] = useState<CustomReportTab | null>(null);
  const create = useCreateTabMutation();
  const update = useUpdateTabMutation();
  const remove = useDeleteTabMutation();
  const enable = useEnableTabMutation();

  return (
    <div className="page reports-custom">
      <h1>{t('reports.routes.customReporting')}</h1>
      <div className="reports-filters">
        <Select
          label={t('reports.custom.user')}
          placeholder={t('reports.custom.pickUser')}
          options={(users.data ?? []).map((user) => ({
            value: user.login,
            label: user.name ? `${user.login} (${user.name})` : user.login,
          }))}
          value={login}
          onChange={setLogin}
          loading={users.isLoading}
        />
        {login !== null && (
          <Button variant="primary" onClick={() => setEditing({ mode: 'CREATE' })}>
            {t('reports.custom.create')}
          </Button>
        )}
      </div>
      {login !== null && (
        <DataTable<CustomReportTab>
          caption={t('reports.custom.tabsOf', { login })}
          showCaption
          scrollLabel={t('reports.custom.tabsOf', { login })}
          className="reports-table"
          columns={[
            tab.accessor('title', { header: t('reports.custom.title'), meta: { rowHeader: true } }),
            tab.accessor((row) => `/reporting/${row.pathName}`, {
              id: 'path',
              header: t('reports.custom.path'),
            }),
            tab.accessor(
              (row) =>
                row.chartsIds
                  .map((id) => catalogue.data?.find((chart) => chart.id === id)?.title ?? id)
                  .join(', '),
              { id: 'charts', header: t('reports.custom.charts') },
            ),
            tab.accessor('enabled', {
              header: t('reports.custom.enabled'),
              cell: ({ row: { original: row } }) => (
                <Checkbox
                  label={
                    <span className="ui-visually-hidden">
                      {t('reports.custom.enableTab', { title: row.title })}
                    </span>
                  }
                  checked={row.enabled}
                  disabled={enable.isPending}
                  onCheckedChange={(enabled) =>
                    enable.mutate({ login: row.login, tabId: row.id, enabled })
                  }
                />
              ),
            }),
            actionsColumn<CustomReportTab>((row) => (
              <>
                <Button
                  size="sm"
                  aria-label={`${t('actions.edit')} ${row.title}`}
                  onClick={() => setEditing({ mode: 'EDIT', tab: row })}
                >
                  {t('actions.edit')}
                </Button>{' '}
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`${t('actions.delete')} ${row.title}`}
                  onClick={() => setDeleting(row)}
                >
                  {t('actions.delete')}
                </Button>
              </>
            )),
          ]}
          data={tabs.data ?? []}
          loading={tabs.isLoading}
          getRowId={(row) => String(row.id)}
          emptyText={t('reports.custom.noTabs')}
        />
      )}
      {editing && login !== null && (
        <TabFormModal
          mode={editing.mode}
          initial={
            editing.mode === 'EDIT'
              ? { title: editing.tab.title, chartsIds: editing.tab.chartsIds }
              : { title: '', chartsIds: [] }
          }
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSave={(input) => {
            const done = { onSuccess: () => setEditing(null) };
            if (editing.mode === 'EDIT') update.mutate({ id: editing.tab.id, body: input }, done);
            else create.mutate({ ...input, login }, done);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('reports.custom.deleteTitle')}
          onClose={() => setDeleting(null)}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          <p>{t('reports.custom.deleteText', { title: deleting.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
