import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { User } from '#contract/entities/user.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { actionsColumn, DataTable } from '#src/ui/data-table/data-table.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { usersQueryOptions } from './api/user-queries.ts';
import { RolesEditor } from './components/roles-editor.tsx';
import { TwoFactorRolesSection } from './components/two-factor-roles.tsx';

export default function RolesPage() {
  const { t } = useTranslation();
  const users = useQuery(usersQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<User, never>[]>(
    () => [
      { accessorKey: 'login', header: t('users.fields.login') },
      { accessorKey: 'name', header: t('users.fields.name') },
      {
        id: 'client',
        accessorFn: (user) => user.isClient,
        header: t('users.fields.isClient'),
        cell: ({ row }) =>
          row.original.isClient ? (
            <Badge>{t('users.client')}</Badge>
          ) : (
            <Badge tone="accent">{t('users.staff')}</Badge>
          ),
      },
      { id: 'roles', accessorFn: (user) => user.roles.length, header: t('users.fields.roles') },
      {
        id: 'sites',
        accessorFn: (user) => user.siteIds.join(', '),
        header: t('users.fields.sites'),
      },
      actionsColumn<User>((user) => (
        <Button size="sm" variant="secondary" onClick={() => setEditing(user.login)}>
          {t('users.roles.edit')}
        </Button>
      )) as ColumnDef<User, never>,
    ],
    [t],
  );
  const user = users.data?.find((u) => u.login === editing);
  return (
    <div className="page">
      <h1>{t('routes.roles')}</h1>
      <DataTable
        caption={t('routes.roles')}
        columns={columns}
        data={users.data ?? []}
        getRowId={(u) => u.login}
      />
      <TwoFactorRolesSection />
      {user && (
        <Modal
          open
          width={900}
          title={t('users.roles.title', { login: user.login })}
          onClose={() => setEditing(null)}
          footer={null}
        >
          <RolesEditor user={user} onSaved={() => setEditing(null)} />
        </Modal>
      )}
    </div>
  );
}
