import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { endOfDay, startOfDay } from 'date-fns';
import type { AuditEntry } from '#contract/entities/audit.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { actionsColumn, DataTable } from '#src/ui/data-table/data-table.tsx';
import { DatePicker } from '#src/ui/date-picker/date-picker.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { useRestoreAuditMutation } from './api/audit-mutations.ts';
import {
  auditFacetsQueryOptions,
  auditLogQueryOptions,
  auditSitesQueryOptions,
} from './api/audit-queries.ts';
import { diffJson } from './json-diff.ts';
import './audit.css';
import { formatDateTime } from '#src/lib/date-format.ts';
import { actionLabel, entityLabel } from './audit-labels.ts';

const ALL = '';
const PAGE = 50;

interface Filters {
  siteId: number | null;
  actor: string;
  entity: string;
  from: Date | undefined;
  to: Date | undefined;
}

/** The before/after of one entry as a line diff. */
function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const lines = useMemo(() => diffJson(entry.before, entry.after), [entry]);
  return (
    <>
      <p className="audit-diff__legend">
        <span className="audit-diff__line--removed">− {t('audit.diff.before')}</span>
        <span className="audit-diff__line--added">+ {t('audit.diff.after')}</span>
      </p>
      {lines.length === 0 ? (
        <p>{t('audit.diff.empty')}</p>
      ) : (
        <pre className="audit-diff" aria-label={t('audit.diff.label')}>
          {lines.map((line, index) => (
            <span key={index} className={`audit-diff__line audit-diff__line--${line.kind}`}>
              {line.kind === 'removed' ? '− ' : line.kind === 'added' ? '+ ' : '  '}
              {line.text}
            </span>
          ))}
        </pre>
      )}
    </>
  );
}

/** The audit log for administrators, with a diff of each change and restore. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>({
    siteId: null,
    actor: ALL,
    entity: ALL,
    from: undefined,
    to: undefined,
  });
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const [restoring, setRestoring] = useState<AuditEntry | null>(null);
  const facets = useQuery(auditFacetsQueryOptions());
  const sites = useQuery(auditSitesQueryOptions());
  const query = {
    ...(filters.siteId !== null && { siteId: filters.siteId }),
    ...(filters.actor && { actor: filters.actor }),
    ...(filters.entity && { entity: filters.entity }),
    ...(filters.from && { from: startOfDay(filters.from).toISOString() }),
    ...(filters.to && { to: endOfDay(filters.to).toISOString() }),
    limit: PAGE,
  };
  const pages = useInfiniteQuery(auditLogQueryOptions(query));
  const entries = useMemo(() => pages.data?.pages.flatMap((p) => p.entries) ?? [], [pages.data]);
  const restore = useRestoreAuditMutation({ onSuccess: () => setRestoring(null) });
  const siteName = useMemo(
    () => new Map((sites.data ?? []).map((s) => [s.siteId, s.siteName])),
    [sites.data],
  );
  const columns = useMemo<ColumnDef<AuditEntry, never>[]>(
    () => [
      {
        id: 'at',
        accessorFn: (e) => e.at,
        header: t('audit.columns.at'),
        cell: ({ row }) => formatDateTime(row.original.at, i18n.language),
      },
      {
        accessorKey: 'actor',
        header: t('audit.columns.actor'),
        // A login is data, never translated.
        cell: ({ row }) => <span translate="no">{row.original.actor}</span>,
      },
      {
        id: 'action',
        accessorFn: (e) => e.action,
        header: t('audit.columns.action'),
        cell: ({ row }) => <Badge>{actionLabel(t, row.original.action)}</Badge>,
      },
      {
        id: 'entity',
        accessorFn: (e) => e.entity,
        header: t('audit.columns.entity'),
        cell: ({ row }) => (
          <span className="audit-entity">
            {entityLabel(t, row.original.entity)} ·{' '}
            <span translate="no">{row.original.entityId}</span>
          </span>
        ),
      },
      {
        id: 'site',
        accessorFn: (e) => e.siteId ?? 0,
        header: t('audit.columns.site'),
        cell: ({ row }) =>
          row.original.siteId === null
            ? '—'
            : (siteName.get(row.original.siteId) ?? `#${row.original.siteId}`),
      },
      actionsColumn<AuditEntry>((entry) => (
        <>
          <Button size="sm" variant="secondary" onClick={() => setViewing(entry)}>
            {t('audit.view')}
          </Button>
          {entry.restorable && (
            <Button size="sm" variant="ghost" onClick={() => setRestoring(entry)}>
              {t('audit.restore')}
            </Button>
          )}
        </>
      )) as ColumnDef<AuditEntry, never>,
    ],
    [t, i18n.language, siteName],
  );
  const options = (
    values: readonly string[],
    all: string,
    label: (value: string) => string = (value) => value,
  ) => [{ value: ALL, label: all }, ...values.map((value) => ({ value, label: label(value) }))];
  return (
    <div className="page">
      <h1>{t('routes.audit')}</h1>
      <div className="audit-filters">
        <Select<number>
          label={t('audit.filters.site')}
          options={[
            { value: 0, label: t('audit.filters.allSites') },
            ...(sites.data ?? []).map((s) => ({ value: s.siteId, label: s.siteName })),
          ]}
          value={filters.siteId ?? 0}
          onChange={(siteId) => setFilters((f) => ({ ...f, siteId: siteId || null }))}
        />
        <Select<string>
          label={t('audit.filters.actor')}
          options={options(facets.data?.actors ?? [], t('audit.filters.allUsers'))}
          value={filters.actor}
          onChange={(actor) => setFilters((f) => ({ ...f, actor }))}
        />
        <Select<string>
          label={t('audit.filters.entity')}
          options={options(facets.data?.entities ?? [], t('audit.filters.allEntities'), (entity) =>
            entityLabel(t, entity),
          )}
          value={filters.entity}
          onChange={(entity) => setFilters((f) => ({ ...f, entity }))}
        />
        <DatePicker
          label={t('audit.filters.from')}
          value={filters.from}
          maxDate={new Date()}
          onChange={(from) => setFilters((f) => ({ ...f, from }))}
        />
        <DatePicker
          label={t('audit.filters.to')}
          value={filters.to}
          maxDate={new Date()}
          onChange={(to) => setFilters((f) => ({ ...f, to }))}
        />
        <Button
          variant="ghost"
          onClick={() =>
            setFilters({ siteId: null, actor: ALL, entity: ALL, from: undefined, to: undefined })
          }
        >
          {t('audit.filters.reset')}
        </Button>
      </div>
      <DataTable
        caption={t('routes.audit')}
        columns={columns}
        data={entries}
        getRowId={(e) => String(e.id)}
        emptyText={pages.isPending ? t('ui.spinner.loading') : t('audit.empty')}
      />
      {pages.hasNextPage && (
        <Button
          className="audit-more"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
        >
          {t('audit.more')}
        </Button>
      )}
      {viewing && (
        <Modal
          open
          width={900}
          title={t('audit.diff.title', {
            entity: entityLabel(t, viewing.entity),
            id: viewing.entityId,
            actor: viewing.actor,
            at: formatDateTime(viewing.at, i18n.language),
          })}
          onClose={() => setViewing(null)}
        >
          <AuditDiff entry={viewing} />
        </Modal>
      )}
      {restoring && (
        <Modal
          open
          mode="EDIT"
          title={t('audit.confirm.title')}
          onClose={() => setRestoring(null)}
          onConfirm={() => restore.mutate(restoring)}
          confirmLabel={t('audit.restore')}
          confirmLoading={restore.isPending}
        >
          <p>
            {t('audit.confirm.text', {
              entity: entityLabel(t, restoring.entity),
              id: restoring.entityId,
              at: formatDateTime(restoring.at, i18n.language),
            })}
          </p>
          <AuditDiff entry={restoring} />
        </Modal>
      )}
    </div>
  );
}
