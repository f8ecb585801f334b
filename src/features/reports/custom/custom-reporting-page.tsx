import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomReportTab } from '#contract/entities/custom-report.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
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
import { ScrollTable } from '../components/scroll-table.tsx';

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
        <ScrollTable label={t('reports.custom.tabsOf', { login })}>
          <table className="ui-table reports-table">
            <caption className="reports-table__caption">
              {t('reports.custom.tabsOf', { login })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.custom.title')}</th>
                <th scope="col">{t('reports.custom.path')}</th>
                <th scope="col">{t('reports.custom.charts')}</th>
                <th scope="col">{t('reports.custom.enabled')}</th>
                <th scope="col">{t('ui.table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {(tabs.data ?? []).length === 0 ? (
                <tr>
                  <td colSpan={5} className="ui-table__empty">
                    {tabs.isLoading ? t('ui.spinner.loading') : t('reports.custom.noTabs')}
                  </td>
                </tr>
              ) : (
                tabs.data?.map((tab) => (
                  <tr key={tab.id}>
                    <th scope="row">{tab.title}</th>
                    <td>/reporting/{tab.pathName}</td>
                    <td>
                      {tab.chartsIds
                        .map((id) => catalogue.data?.find((chart) => chart.id === id)?.title ?? id)
                        .join(', ')}
                    </td>
                    <td>
                      <Checkbox
                        label={
                          <span className="ui-visually-hidden">
                            {t('reports.custom.enableTab', { title: tab.title })}
                          </span>
                        }
                        checked={tab.enabled}
                        disabled={enable.isPending}
                        onCheckedChange={(enabled) =>
                          enable.mutate({ login: tab.login, tabId: tab.id, enabled })
                        }
                      />
                    </td>
                    <td className="ui-table__cell--actions">
                      <Button
                        size="sm"
                        aria-label={`${t('actions.edit')} ${tab.title}`}
                        onClick={() => setEditing({ mode: 'EDIT', tab })}
                      >
                        {t('actions.edit')}
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`${t('actions.delete')} ${tab.title}`}
                        onClick={() => setDeleting(tab)}
                      >
                        {t('actions.delete')}
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ScrollTable>
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
