import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  LIST_MODES,
  LIST_VARIANTS,
  type QueryListEntry,
  type QueryListKind,
} from '#contract/entities/query-lists.ts';
import { QUERY_LIST_ROUTES, type DraftChange } from '#contract/routes/query-lists.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { downloadText } from '#src/lib/download.ts';
import { useMayCall, useResource } from '#src/lib/resource.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import {
  ResourceBulkBar,
  ResourceTable,
  ResourceToolbar,
  type ResourceColumn,
} from '#src/ui/resource/resource-table.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useEnableEntriesMutation } from './api/query-list-mutations.ts';
import { queryLists } from './api/resources.ts';
import { TryQuery } from './components/try-query.tsx';
import { queryListCsv } from './lib/export.ts';
import { listFromPath } from './lib/list-kind.ts';
import './query-lists.css';

import { DeleteScope, AddForm, EditModal } from './components/entry-forms.tsx';
import { UploadBox } from './components/upload-box.tsx';

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
  const canAdd = useMayCall(routes.add);
  const canEnable = useMayCall(routes.enable);
  const [filter, setFilter] = useState('');
  // The server searches what is typed, once typing pauses.
  const search = useDebounced(filter.trim(), SEARCH_DEBOUNCE_MS);
  const scope = { list, siteId };
  const entries = useResource(queryLists[list], scope, search);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<QueryListEntry | null>(null);
  const [deleting, setDeleting] = useState<QueryListEntry[] | null>(null);
  // The site's name, for the delete confirmation only: read when one opens.
  const site = useQuery({ ...siteQueryOptions(siteId), enabled: siteId > 0 && deleting !== null });
  /** The add form's unsaved entry: the "try a query" box compares with it. */
  const [draft, setDraft] = useState<DraftChange | null>(null);

  const enable = useEnableEntriesMutation(scope, entries.refresh);

  const found = [...(entries.list.data ?? [])].sort((a, b) => a.term.localeCompare(b.term));
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  // Ticks of entries the list no longer holds (deleted, or out of the search) are dropped.
  const ticked = found.filter((entry) => selected.has(String(entry.id)));
  const ids = ticked.map((entry) => entry.id);
  const variants = LIST_VARIANTS[list];
  const modes = LIST_MODES[list];

  const columns: ResourceColumn<QueryListEntry>[] = [
    { key: 'term', header: t(`queryLists.term.${list}`), cell: (entry) => entry.term },
  ];
  if (variants !== 'none')
    columns.push({
      key: 'variants',
      header: t(`queryLists.variants.${list}`),
      cell: (entry) => entry.variants.join(', '),
    });
  if (modes.length > 1)
    columns.push({
      key: 'mode',
      header: t('queryLists.mode'),
      cell: (entry) => t(`queryLists.modes.${entry.mode}`),
    });
  columns.push(
    { key: 'vertical', header: t('queryLists.vertical'), cell: (entry) => entry.vertical || '—' },
    {
      key: 'enabled',
      header: t('queryLists.enabled'),
      cell: (entry) => (
        <Checkbox
          label={<span className="ui-visually-hidden">{entry.term}</span>}
          checked={entry.enabled}
          disabled={!canEnable || enable.isPending}
          onCheckedChange={(checked) =>
            enable.mutate({ ids: [entry.id], enabled: checked, many: false })
          }
        />
      ),
    },
  );

  const exportCsv = () => downloadText(`${list}.csv`, queryListCsv(found));
  const editable = entries.canDelete || canEnable;

  return (
    <div className="query-lists__screen">
      {canAdd && (
        <AddForm list={list} siteId={siteId} onAdded={entries.refresh} onDraft={setDraft} />
      )}
      <ResourceToolbar>
        <TextInput
          type="search"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(0);
          }}
          label={t('queryLists.filter')}
          hint={t('queryLists.filterHint')}
          fieldClassName="query-lists__filter"
        />
        <Button onClick={exportCsv} disabled={!found.length}>
          {t('queryLists.export')}
        </Button>
      </ResourceToolbar>
      <ResourceBulkBar count={ticked.length} onClear={() => setSelected(new Set())}>
        {canEnable && (
          <>
            <Button
              size="sm"
              disabled={enable.isPending}
              onClick={() => enable.mutate({ ids, enabled: true, many: true })}
            >
              {t('queryLists.bulk.enable')}
            </Button>
            <Button
              size="sm"
              disabled={enable.isPending}
              onClick={() => enable.mutate({ ids, enabled: false, many: true })}
            >
              {t('queryLists.bulk.disable')}
            </Button>
          </>
        )}
        {entries.canDelete && (
          <Button size="sm" variant="danger" onClick={() => setDeleting(ticked)}>
            {t('queryLists.bulk.delete', { count: ticked.length })}
          </Button>
        )}
      </ResourceBulkBar>
      <ResourceTable<QueryListEntry>
        caption={t(`queryLists.title.${list}`)}
        columns={columns}
        rows={shown}
        rowKey={(entry) => entry.id}
        loading={entries.list.isPending}
        emptyText={t('queryLists.empty')}
        {...(editable && {
          selection: {
            selected,
            onChange: setSelected,
            name: (entry: QueryListEntry) => entry.term,
          },
        })}
        actions={
          entries.canDelete || (canAdd && routes.update)
            ? {
                name: (entry) => entry.term,
                editLabel: t('queryLists.edit'),
                deleteLabel: t('queryLists.delete'),
                onEdit: canAdd && routes.update ? setEditing : undefined,
                onDelete: entries.canDelete ? (entry) => setDeleting([entry]) : undefined,
              }
            : undefined
        }
      />
      <nav className="query-lists__pages" aria-label={t('queryLists.pages')}>
        <Button size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
          {t('queryLists.previous')}
        </Button>
        <span>{t('queryLists.pageOf', { page: current + 1, pages, total: found.length })}</span>
        <Button size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          {t('queryLists.next')}
        </Button>
      </nav>
      {canAdd && <UploadBox list={list} siteId={siteId} onUploaded={entries.refresh} />}
      <TryQuery siteId={siteId} list={list} draft={draft} />
      {editing && (
        <EditModal
          list={list}
          siteId={siteId}
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            return entries.refresh();
          }}
        />
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={
            deleting.length === 1
              ? t('queryLists.deleteTitle', { term: deleting[0]!.term })
              : t('queryLists.bulk.deleteTitle', { count: deleting.length })
          }
          confirmLabel={t('queryLists.delete')}
          remove={async (rows) => {
            await entries.remove.mutateAsync(rows.map((entry) => entry.id));
            setSelected(new Set());
          }}
          onClose={() => setDeleting(null)}
          text={
            deleting.length === 1 ? (
              <DeleteScope entry={deleting[0]!} siteName={site.data?.siteName ?? String(siteId)} />
            ) : (
              <BulkDeleteScope entries={deleting} />
            )
          }
        />
      )}
    </div>
  );
}

/** How long typing pauses before the server searches. */
const SEARCH_DEBOUNCE_MS = 300;

/** The value, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What a delete of several entries takes: each leaves the list everywhere, not only here. */
function BulkDeleteScope({ entries }: { entries: readonly QueryListEntry[] }) {
  const { t } = useTranslation();
  const named = entries.slice(0, BULK_NAMED);
  return (
    <>
      <p>{t('queryLists.bulk.deleteText', { count: entries.length })}</p>
      <ul aria-label={t('queryLists.bulk.deleting')}>
        {named.map((entry) => (
          <li key={entry.id}>{entry.term}</li>
        ))}
      </ul>
      {entries.length > named.length && (
        <p>{t('queryLists.bulk.more', { count: entries.length - named.length })}</p>
      )}
    </>
  );
}

/** The entries a delete of several names; the rest are counted. */
const BULK_NAMED = 10;
