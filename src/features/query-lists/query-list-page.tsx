import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import {
  LIST_MODES,
  LIST_VARIANTS,
  type QueryListEntry,
  type QueryListKind,
} from '#contract/entities/query-lists.ts';
import { hasAccess } from '#contract/roles.ts';
import { QUERY_LIST_ROUTES, type DraftChange } from '#contract/routes/query-lists.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { api } from '#src/lib/api.ts';
import { downloadText } from '#src/lib/download.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { actionsColumn, DataTable } from '#src/ui/data-table/data-table.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { queryListKeys } from './api/keys.ts';
import { TryQuery } from './components/try-query.tsx';
import { queryListCsv } from './lib/export.ts';
import { listFromPath } from './lib/list-kind.ts';
import './query-lists.css';

import { DeleteScope, AddForm, EditModal, UploadBox } from './components/entry-forms.tsx';

const PAGE_SIZE = 50;

/** The synonyms screen holds the search's and the autocomplete's lists, one tab each. */
const SYNONYM_TABS = ['synonyms', 'autocomplete-synonyms'] as const;

/** The nine list screens of part 1 §2 (/anyquery/service/…, /anyquery/search/…). */
export default function QueryListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const siteId = useSiteStore((state) => state.siteId);
  const first = listFromPath(pathname);
  const list: QueryListKind =
    first === 'synonyms' && params.get('list') === 'autocomplete-synonyms'
      ? 'autocomplete-synonyms'
      : first;
  const screen = (
    <>
      <p className="query-lists__about">{t(`queryLists.about.${list}`)}</p>
      {siteId === null ? (
        <p>{t('queryLists.noSite')}</p>
      ) : (
        <ListScreen key={`${siteId}:${list}`} list={list} siteId={siteId} />
      )}
    </>
  );
  return (
    <section className="page query-lists" aria-labelledby="query-list-title">
      <h1 id="query-list-title">{t(`queryLists.title.${first}`)}</h1>
      {first === 'synonyms' ? (
        <Tabs
          label={t('queryLists.synonymTabs')}
          tabs={SYNONYM_TABS.map((tab) => ({ value: tab, label: t(`queryLists.title.${tab}`) }))}
          value={list === 'autocomplete-synonyms' ? list : 'synonyms'}
          onChange={(tab) => setParams(tab === 'synonyms' ? {} : { list: tab }, { replace: true })}
        >
          {SYNONYM_TABS.map((tab) => (
            <TabPanel key={tab} value={tab} className="query-lists__panel">
              {screen}
            </TabPanel>
          ))}
        </Tabs>
      ) : (
        screen
      )}
    </section>
  );
}

function ListScreen({ list, siteId }: { list: QueryListKind; siteId: number }) {
  const { t } = useTranslation();
  const routes = QUERY_LIST_ROUTES[list];
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canEdit = hasAccess(roles, routes.add.roles);
  const client = useQueryClient();
  const key = queryListKeys.list(list, siteId);
  const entries = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(routes.list, { query: { siteId }, signal }, { overlay: false }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<QueryListEntry | null>(null);
  const [deleting, setDeleting] = useState<QueryListEntry | null>(null);
  // The site's name, for the delete confirmation only: read when one opens.
  const site = useQuery({ ...siteQueryOptions(siteId), enabled: siteId > 0 && deleting !== null });
  /** The add form's unsaved entry: the "try a query" box compares with it. */
  const [draft, setDraft] = useState<DraftChange | null>(null);

  const enable = useMutation({
    mutationFn: (input: { ids: number[]; enabled: boolean }) =>
      api(routes.enable, { query: { siteId }, body: input }, { successToast: false }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(routes.remove, { query: { siteId }, body: { ids: [id] } }),
    onSuccess: () => {
      setDeleting(null);
      return refresh();
    },
  });

  const filtered = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = entries.data ?? [];
    if (!needle) return all;
    return all.filter((entry) =>
      [entry.term, ...entry.variants, entry.vertical].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    );
  }, [entries.data, filter]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const variants = LIST_VARIANTS[list];
  const modes = LIST_MODES[list];

  const columns = useMemo<ColumnDef<QueryListEntry, never>[]>(() => {
    const out: ColumnDef<QueryListEntry, never>[] = [
      { accessorKey: 'term', header: t(`queryLists.term.${list}`) },
    ];
    if (variants !== 'none')
      out.push({
        id: 'variants',
        accessorFn: (entry) => entry.variants.join(', ') as never,
        header: t(`queryLists.variants.${list}`),
      });
    if (modes.length > 1)
      out.push({
        accessorKey: 'mode',
        header: t('queryLists.mode'),
        cell: ({ row }) => t(`queryLists.modes.${row.original.mode}`),
      });
    out.push(
      {
        accessorKey: 'vertical',
        header: t('queryLists.vertical'),
        cell: ({ row }) => row.original.vertical || '—',
      },
      {
        accessorKey: 'enabled',
        header: t('queryLists.enabled'),
        cell: ({ row }) => (
          <Checkbox
            label={<span className="ui-visually-hidden">{row.original.term}</span>}
            checked={row.original.enabled}
            disabled={!canEdit || enable.isPending}
            onCheckedChange={(checked) =>
              enable.mutate({ ids: [row.original.id], enabled: checked })
            }
          />
        ),
      },
    );
    if (canEdit)
      out.push(
        actionsColumn((entry) => (
          <span className="query-lists__actions">
            {routes.update && (
              <Button size="sm" onClick={() => setEditing(entry)}>
                {t('queryLists.edit')}
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => setDeleting(entry)}>
              {t('queryLists.delete')}
            </Button>
          </span>
        )),
      );
    return out;
  }, [t, list, variants, modes, canEdit, enable, routes.update]);

  const exportCsv = () => downloadText(`${list}.csv`, queryListCsv(filtered));

  return (
    <div className="query-lists__screen">
      {canEdit && <AddForm list={list} siteId={siteId} onAdded={refresh} onDraft={setDraft} />}
      <div className="query-lists__toolbar">
        <TextInput
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(0);
          }}
          label={t('queryLists.filter')}
          fieldClassName="query-lists__filter"
        />
        <Button onClick={exportCsv} disabled={!filtered.length}>
          {t('queryLists.export')}
        </Button>
      </div>
      <DataTable
        caption={t(`queryLists.title.${list}`)}
        columns={columns}
        data={shown}
        getRowId={(entry) => String(entry.id)}
        initialSorting={[{ id: 'term', desc: false }]}
        emptyText={entries.isPending ? t('queryLists.loading') : t('queryLists.empty')}
      />
      <nav className="query-lists__pages" aria-label={t('queryLists.pages')}>
        <Button size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
          {t('queryLists.previous')}
        </Button>
        <span>{t('queryLists.pageOf', { page: current + 1, pages, total: filtered.length })}</span>
        <Button size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          {t('queryLists.next')}
        </Button>
      </nav>
      {canEdit && <UploadBox list={list} siteId={siteId} onUploaded={refresh} />}
      <TryQuery siteId={siteId} list={list} draft={draft} />
      {editing && (
        <EditModal
          list={list}
          siteId={siteId}
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            return refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('queryLists.deleteTitle', { term: deleting.term })}
          confirmLabel={t('queryLists.delete')}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        >
          <DeleteScope entry={deleting} siteName={site.data?.siteName ?? String(siteId)} />
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Which sites a delete affects: the entry leaves the list everywhere, not only here. */
