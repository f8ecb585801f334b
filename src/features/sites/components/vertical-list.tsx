import { useTranslation } from 'react-i18next';
import { useResource } from '#src/lib/resource.ts';
import { ResourceTable } from '#src/ui/resource/resource-table.tsx';
import { verticals } from '../api/resources.ts';

export function VerticalList() {
  const { t } = useTranslation();
  const list = useResource(verticals, null, null);
  return (
    <ResourceTable
      caption={t('sites.verticals.title')}
      rows={list.list.data ?? []}
      rowKey={(v) => v.name}
      loading={list.list.isLoading}
      sortable
      columns={[
        {
          key: 'name',
          header: t('sites.verticals.name'),
          sortValue: (v) => v.name,
          // A vertical's name is data, never translated.
          cell: (v) => <span translate="no">{v.name}</span>,
        },
        {
          key: 'siteCount',
          header: t('sites.verticals.siteCount'),
          sortValue: (v) => v.siteCount,
          cell: (v) => v.siteCount,
        },
      ]}
    />
  );
}
