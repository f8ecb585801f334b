import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { Vertical } from '#contract/entities/site.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { verticalsQueryOptions } from '../api/site-queries.ts';

export function VerticalList() {
  const { t } = useTranslation();
  const verticals = useQuery(verticalsQueryOptions());
  const columns = useMemo<ColumnDef<Vertical, never>[]>(
    () => [
      {
        accessorKey: 'name',
        header: t('sites.verticals.name'),
        // A vertical's name is data, never translated.
        cell: ({ row }) => <span translate="no">{row.original.name}</span>,
      },
      { accessorKey: 'siteCount', header: t('sites.verticals.siteCount') },
    ],
    [t],
  );
  return (
    <DataTable
      caption={t('sites.verticals.title')}
      columns={columns}
      data={verticals.data ?? []}
      getRowId={(v) => v.name}
    />
  );
}
